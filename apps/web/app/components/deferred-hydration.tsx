/**
 * Hydration starts after the first paint (DESIGN section 8, LCP budget; decision record 004).
 *
 * React Router's <Scripts> makes the browser fetch React, React Router and the shop's code while
 * it parses the HTML, so on a slow phone those 118 kB (gzip) compete with the first paint and the
 * hero image. entry.server.tsx renames those module preloads and the module script (the markers
 * below) so they stay inert; <HydrationStarter> turns them back on once the page has painted.
 *
 * Nothing done before hydration needs replaying: every change is a form posted to a route
 * action, which works without JavaScript, and every dialog opener and tab is a link. What is
 * typed into a controlled field before hydration is kept by lib/use-typed-before-hydration.ts.
 */
export const DEFERRED_MODULEPRELOAD_REL = 'x-deferred-modulepreload';
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

// A plain ES5 string (not a stringified function) so the server and the browser send identical text.
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

export function HydrationStarter({ nonce }: { nonce: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HYDRATION_STARTER }} />;
}
