/**
 * Hydration starts after the first paint (DESIGN section 8, LCP budget).
 *
 * React Router's <Scripts> makes the browser fetch React, React Router and the shop's code while
 * it parses the HTML, so on a slow phone those 113 kB compete with the first paint and the hero
 * image. entry.server.tsx renames those module preloads and the module script (the markers
 * below) so they stay inert; <HydrationStarter> turns them back on once the page has painted.
 *
 * Until the page is interactive nothing is lost: <EarlyInputCapture> (first thing in the head)
 * queues clicks on buttons (which do nothing without React) and notes the fields typed into or
 * ticked (which change on their own), and
 * lib/early-input.ts replays them once React has hydrated. Links, and forms that submit
 * natively, keep working before hydration on their own.
 */
export const DEFERRED_MODULEPRELOAD_REL = 'x-deferred-modulepreload';
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

// Plain ES5 strings (not stringified functions) so the server and the browser send identical text.
const EARLY_INPUT_CAPTURE = `(function(){
var queue=[];window.__earlyInput=queue;
function interactive(){return document.documentElement.dataset.hydrated==='true';}
document.addEventListener('click',function(e){
if(interactive()||!(e.target instanceof Element))return;
var control=e.target.closest('button');
if(!control||(control.type==='submit'&&control.form))return;
e.preventDefault();queue.push({kind:'click',target:control});
},true);
document.addEventListener('input',function(e){
if(!interactive()&&e.target instanceof Element)queue.push({kind:'input',target:e.target});
},true);
})();`;

const HYDRATION_STARTER = `(function(){
var nonce=document.currentScript.nonce;
function start(){
var preloads=document.createDocumentFragment();
document.querySelectorAll('link[rel="${DEFERRED_MODULEPRELOAD_REL}"]').forEach(function(inert){
var link=document.createElement('link');link.rel='modulepreload';link.href=inert.href;link.nonce=nonce;preloads.appendChild(link);
});
document.head.appendChild(preloads);
var inert=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');
if(!inert)return;
var script=document.createElement('script');script.type='module';script.nonce=nonce;script.textContent=inert.textContent;
document.body.appendChild(script);
}
if(document.visibilityState==='hidden')start();
else requestAnimationFrame(function(){setTimeout(start,0);});
})();`;

export function EarlyInputCapture({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_INPUT_CAPTURE }} />;
}

export function HydrationStarter({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HYDRATION_STARTER }} />;
}
