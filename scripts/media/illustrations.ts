/**
 * The drawings behind the demo catalogue's and the landing page's images: flat SVG
 * illustrations built from a few shared primitives (isometric boxes, cylinders, bags,
 * envelopes) in one palette, so the whole shop looks consistent. Self-contained: no external
 * references, no scripts, no text.
 * Not run by the server: generate-illustrations.ts writes them once into
 * apps/server/media/demo/, which the server serves under /media.
 */

// Palette (brand: deep teal, warm amber, kraft brown, neutrals).
const TEAL = '#0f5c63';
const TEAL_MID = '#2f8a8f';
const TEAL_SOFT = '#9cc9c7';
const TEAL_PALE = '#dcebe9';
const AMBER = '#f2a541';
const AMBER_DARK = '#d98a22';
const AMBER_PALE = '#f9e3c0';
const KRAFT = '#c89b6d';
const KRAFT_DARK = '#a97c4f';
const KRAFT_LIGHT = '#dcb78c';
const INK = '#23393b';
const GREY = '#9aa5a8';
const CREAM = '#f6f2ec';
const WHITE = '#ffffff';
const RED = '#d9534f';

type Pt = [number, number];

function n(v: number): string {
  return String(Math.round(v * 10) / 10);
}

function path(points: Pt[], fill: string, extra = ''): string {
  return `<path d="M${points.map(([x, y]) => `${n(x)} ${n(y)}`).join('L')}Z" fill="${fill}"${extra}/>`;
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Primitives
// ---------------------------------------------------------------------------------------------

const C30 = 0.866;
const S30 = 0.5;

interface BoxStyle {
  left: string;
  right: string;
  top: string;
}

const KRAFT_BOX: BoxStyle = { left: KRAFT_DARK, right: KRAFT, top: KRAFT_LIGHT };
const DARK_KRAFT_BOX: BoxStyle = { left: '#96693f', right: '#b8865a', top: '#cfa77b' };
const WHITE_BOX: BoxStyle = { left: '#dfe5e5', right: '#f3f6f6', top: WHITE };
const BLACK_BOX: BoxStyle = { left: '#25292b', right: '#343a3d', top: '#454c50' };
const TEAL_BOX: BoxStyle = { left: '#0b4a50', right: TEAL, top: TEAL_MID };

/** An isometric box whose front-bottom corner is (x, y): width runs right-up, depth left-up. */
class IsoBox {
  constructor(
    readonly x: number,
    readonly y: number,
    readonly w: number,
    readonly d: number,
    readonly h: number,
  ) {}
  /** Any point: u along the width, v along the depth, z up. */
  at(u: number, v: number, z: number): Pt {
    return [this.x + (u - v) * C30, this.y - (u + v) * S30 - z];
  }
  /** Point on the right face: u along the width, v up. */
  right(u: number, v: number): Pt {
    return [this.x + u * C30, this.y - u * S30 - v];
  }
  /** Point on the left face: u along the depth, v up. */
  left(u: number, v: number): Pt {
    return [this.x - u * C30, this.y - u * S30 - v];
  }
  /** Point on the top face: u along the width, v along the depth. */
  top(u: number, v: number): Pt {
    return [this.x + (u - v) * C30, this.y - this.h - (u + v) * S30];
  }
  faces(style: BoxStyle): string {
    const { w, d, h } = this;
    return (
      path([this.left(0, 0), this.left(d, 0), this.left(d, h), this.left(0, h)], style.left) +
      path([this.right(0, 0), this.right(w, 0), this.right(w, h), this.right(0, h)], style.right) +
      path([this.top(0, 0), this.top(w, 0), this.top(w, d), this.top(0, d)], style.top)
    );
  }
  quad(face: 'left' | 'right' | 'top', u0: number, v0: number, u1: number, v1: number, fill: string, extra = ''): string {
    const f = (u: number, v: number): Pt => this[face](u, v);
    return path([f(u0, v0), f(u1, v0), f(u1, v1), f(u0, v1)], fill, extra);
  }
  /** Tape along the width of the lid, over the seam, running down the left face. */
  tape(fill: string, width = 22, drop = 0.35): string {
    const { w, d, h } = this;
    const a = d / 2 - width / 2;
    const b = d / 2 + width / 2;
    return (
      this.quad('top', 0, a, w, b, fill) +
      this.quad('left', a, h * (1 - drop), b, h, fill) +
      line(this.top(0, d / 2), this.top(w, d / 2), '#000', 1.5, ' opacity=".18"')
    );
  }
}

function line(a: Pt, b: Pt, stroke: string, width: number, extra = ''): string {
  return `<path d="M${n(a[0])} ${n(a[1])}L${n(b[0])} ${n(b[1])}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${extra}/>`;
}

/** A shipping label with address lines on the right face of a box. */
function boxLabel(box: IsoBox, u: number, v: number, lw: number, lh: number): string {
  return (
    box.quad('right', u, v, u + lw, v + lh, WHITE) +
    box.quad('right', u + 6, v + lh - 10, u + lw - 8, v + lh - 14, GREY) +
    box.quad('right', u + 6, v + lh - 20, u + lw - 20, v + lh - 24, GREY) +
    box.quad('right', u + 6, v + 6, u + lw - 6, v + 14, TEAL)
  );
}

/** A cylinder. 'h': lies with its end facing left-front; 'v': stands with the top face visible. */
function cylinder(
  cx: number,
  cy: number,
  r: number,
  len: number,
  orient: 'h' | 'v',
  body: string,
  face: string,
  k = 0.38,
  bodyExtra = '',
): string {
  if (orient === 'h') {
    const rx = r * k;
    return (
      `<path d="M${n(cx)} ${n(cy - r)}H${n(cx + len)}A${n(rx)} ${n(r)} 0 0 1 ${n(cx + len)} ${n(cy + r)}H${n(cx)}Z" fill="${body}"${bodyExtra}/>` +
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(r)}" fill="${face}"/>`
    );
  }
  const ry = r * k;
  return (
    `<path d="M${n(cx - r)} ${n(cy)}V${n(cy + len)}A${n(r)} ${n(ry)} 0 0 0 ${n(cx + r)} ${n(cy + len)}V${n(cy)}Z" fill="${body}"${bodyExtra}/>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(r)}" ry="${n(ry)}" fill="${face}"/>`
  );
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
}

function group(transform: string, body: string): string {
  return `<g transform="${transform}">${body}</g>`;
}

const BUBBLES = `<defs><pattern id="b" width="16" height="16" patternUnits="userSpaceOnUse"><circle cx="8" cy="8" r="5" fill="#fff" opacity=".75"/><circle cx="6.5" cy="6.5" r="1.6" fill="#fff"/></pattern></defs>`;

/** A flat mailing bag with a peel-and-seal flap. */
function mailingBag(body: string, flap: string, options: { clear?: boolean; labelled?: boolean } = {}): string {
  let out = '';
  const bag = `<path d="M118 92H282a8 8 0 0 1 8 8V314a10 10 0 0 1-10 10H120a10 10 0 0 1-10-10V100a8 8 0 0 1 8-8Z" fill="${body}"${options.clear ? ' opacity=".8"' : ''}/>`;
  if (options.clear) {
    // A folded teal garment showing through the clear film.
    out += bag + rect(140, 150, 120, 140, TEAL_MID, 6) + path([[140, 150], [200, 185], [260, 150]], TEAL) + rect(110, 92, 180, 232, '#fff', 10, ' opacity=".35"');
  } else {
    out += bag;
  }
  out += path([[110, 100], [290, 100], [290, 124], [110, 124]], flap);
  out += rect(118, 128, 164, 5, '#000', 0, ' opacity=".12"');
  out += path([[110, 200], [150, 92], [190, 92], [110, 300]], '#fff', ' opacity=".12"');
  if (options.labelled !== false) {
    out += rect(182, 236, 84, 56, WHITE, 4) + rect(192, 248, 50, 6, TEAL) + rect(192, 262, 62, 5, GREY) + rect(192, 274, 40, 5, GREY);
  }
  return out;
}

/** An envelope seen from the back (flap closed), slightly tilted. */
function envelope(body: string, flap: string, extra = ''): string {
  return group(
    'rotate(-6 200 210)',
    rect(80, 120, 240, 170, body, 8) +
      path([[80, 128], [200, 215], [320, 128], [320, 120], [80, 120]], flap) +
      `<path d="M84 286L176 204M316 286L224 204" stroke="#000" stroke-width="2" opacity=".08"/>` +
      extra,
  );
}

/** A tape roll standing on edge, with a tail of tape. */
function tapeRoll(face: string, side: string, extra = ''): string {
  return (
    path([[244, 300], [268, 300], [262, 340], [238, 336]], side) +
    circle(226, 200, 100, side) +
    rect(200, 100, 26, 200, side) +
    circle(200, 200, 100, face) +
    extra +
    circle(200, 200, 60, KRAFT_LIGHT) +
    circle(200, 200, 50, CREAM) +
    `<path d="M200 300c30 0 40 0 44 0l-6 36c-10 2-30 0-38-2Z" fill="${face}"/>`
  );
}

/** A loose fill chip, defined once and reused with <use>. */
const CHIP_DEF = `<defs><path id="c" d="M-10 3c0-8 10-8 10-1s10 7 10-1" fill="none" stroke-width="12" stroke-linecap="round"/></defs>`;

function chips(points: Pt[], stroke: string, seed: number): string {
  return points
    .map(([x, y], i) => `<use href="#c" transform="translate(${n(x)} ${n(y)}) rotate(${((i + seed) * 67) % 180})" stroke="${stroke}"/>`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Square illustrations (products and categories)
// ---------------------------------------------------------------------------------------------

interface Square {
  tint: string;
  draw: () => string;
}

function plainBox(style: BoxStyle, tape: string, w = 150, d = 110, h = 118, label = true): string {
  const box = new IsoBox(212, 318, w, d, h);
  return box.faces(style) + box.tape(tape) + (label ? boxLabel(box, w * 0.42, h * 0.3, 62, 44) : '');
}

function mailerBox(style: BoxStyle, notch: string): string {
  const box = new IsoBox(200, 300, 170, 130, 48);
  return (
    box.faces(style) +
    box.quad('top', 0, 0, 170, 14, '#000', ' opacity=".08"') +
    line(box.right(0, 40), box.right(170, 40), '#000', 2, ' opacity=".15"') +
    `<path d="M${n(box.right(72, 48)[0])} ${n(box.right(72, 48)[1])}a14 14 0 0 0 24-14" fill="${notch}"/>`
  );
}

function bagOf(colour: string, flap: string): Square {
  return { tint: AMBER_PALE, draw: () => mailingBag(colour, flap) };
}

function cylinderRoll(body: string, face: string, core: string, extra = ''): string {
  return (
    cylinder(120, 200, 80, 190, 'h', body, face, 0.38, extra) +
    ellipse(120, 200, 12, 30, core) +
    ellipse(120, 200, 7, 19, KRAFT_DARK) +
    `<path d="M118 122c8 30 8 126 0 156" stroke="#000" stroke-width="1.5" fill="none" opacity=".08"/>`
  );
}

const SQUARES: Record<string, Square> = {
  'box-kraft': { tint: TEAL_PALE, draw: () => plainBox(KRAFT_BOX, '#b07f4e') },
  'box-white': { tint: TEAL_PALE, draw: () => plainBox(WHITE_BOX, '#d6e3e3') },
  'box-double-wall': {
    tint: AMBER_PALE,
    draw: () => {
      const box = new IsoBox(212, 318, 150, 116, 126);
      return (
        box.faces(DARK_KRAFT_BOX) +
        box.tape('#8e5f35', 24) +
        box.quad('left', 0, 118, 116, 126, '#fff', ' opacity=".25"') +
        box.quad('right', 0, 118, 150, 126, '#fff', ' opacity=".25"') +
        box.quad('right', 40, 30, 110, 90, AMBER) +
        `<path d="M${n(box.right(68, 80)[0])} ${n(box.right(68, 80)[1])}h14l-2 14a5 5 0 0 1-10 0Z" fill="${INK}"/>` +
        line(box.right(75, 56), box.right(75, 42), INK, 3)
      );
    },
  },
  'box-triple-wall': {
    tint: TEAL_PALE,
    draw: () => {
      const pallet = new IsoBox(200, 336, 170, 150, 18);
      const box = new IsoBox(200, 318, 160, 140, 130);
      return (
        pallet.faces({ left: '#8a6a45', right: '#a88457', top: '#c2a070' }) +
        pallet.quad('right', 20, 0, 50, 9, '#5e4630') +
        pallet.quad('right', 120, 0, 150, 9, '#5e4630') +
        box.faces(DARK_KRAFT_BOX) +
        box.quad('right', 34, 0, 44, 130, TEAL) +
        box.quad('right', 116, 0, 126, 130, TEAL) +
        box.quad('top', 34, 0, 44, 140, TEAL_MID) +
        box.quad('top', 116, 0, 126, 140, TEAL_MID) +
        box.quad('left', 60, 0, 70, 130, '#0b4a50')
      );
    },
  },
  'box-removal': {
    tint: AMBER_PALE,
    draw: () => {
      const box = new IsoBox(212, 318, 150, 110, 118);
      return (
        box.faces(KRAFT_BOX) +
        box.tape('#b07f4e') +
        box.quad('left', 36, 78, 74, 92, '#5e4630') +
        box.quad('right', 24, 26, 126, 84, WHITE) +
        box.quad('right', 34, 66, 110, 72, AMBER) +
        box.quad('right', 34, 52, 96, 56, GREY) +
        box.quad('right', 34, 40, 104, 44, GREY)
      );
    },
  },
  'box-archive': {
    tint: TEAL_PALE,
    draw: () => {
      const box = new IsoBox(212, 318, 150, 104, 100);
      const lid = new IsoBox(212, 254, 158, 112, 32);
      return (
        box.faces(WHITE_BOX) +
        box.quad('left', 34, 40, 70, 52, '#9aa5a8') +
        lid.faces({ left: '#cfd8d8', right: '#e6eded', top: WHITE }) +
        box.quad('right', 40, 20, 110, 58, TEAL) +
        box.quad('right', 48, 28, 102, 50, WHITE)
      );
    },
  },
  'box-long': {
    tint: TEAL_PALE,
    draw: () => {
      const box = new IsoBox(186, 320, 230, 64, 66);
      return box.faces(KRAFT_BOX) + box.tape('#b07f4e', 16, 0.5) + boxLabel(box, 120, 12, 56, 42);
    },
  },
  'mailer-box-white': { tint: TEAL_PALE, draw: () => mailerBox(WHITE_BOX, '#cfd8d8') },
  'mailer-box-kraft': { tint: AMBER_PALE, draw: () => mailerBox(KRAFT_BOX, KRAFT_DARK) },
  'mailer-box-black': { tint: TEAL_PALE, draw: () => mailerBox(BLACK_BOX, '#1b1e20') },
  'gift-box': {
    tint: AMBER_PALE,
    draw: () => {
      const box = new IsoBox(206, 320, 130, 130, 110);
      return (
        box.faces(TEAL_BOX) +
        box.quad('right', 58, 0, 72, 110, AMBER_DARK) +
        box.quad('left', 58, 0, 72, 110, '#c47a1c') +
        box.quad('top', 58, 0, 72, 130, AMBER) +
        box.quad('top', 0, 58, 130, 72, AMBER) +
        group(
          `translate(${n(box.top(65, 65)[0])} ${n(box.top(65, 65)[1])})`,
          `<path d="M0 0C-40-40-60 0-8 4ZM0 0C40-40 60 0 8 4Z" fill="${AMBER}"/>` + circle(0, 2, 8, AMBER_DARK),
        )
      );
    },
  },
  'cake-box': {
    tint: AMBER_PALE,
    draw: () => {
      const box = new IsoBox(206, 320, 140, 140, 96);
      return (
        box.faces(WHITE_BOX) +
        box.quad('top', 30, 30, 110, 110, '#cfe6ee') +
        `<ellipse cx="${n(box.top(70, 70)[0])}" cy="${n(box.top(70, 70)[1])}" rx="42" ry="24" fill="#f4b6c2"/>` +
        circle(box.top(70, 70)[0], box.top(70, 70)[1] - 6, 8, RED) +
        box.quad('top', 30, 30, 110, 110, '#fff', ' opacity=".3"') +
        box.quad('right', 0, 60, 140, 70, AMBER)
      );
    },
  },
  'food-box': {
    tint: TEAL_PALE,
    draw: () =>
      `<path d="M140 122C150 50 250 50 260 122" stroke="${GREY}" stroke-width="5" fill="none"/>` +
      path([[120, 130], [280, 130], [256, 318], [144, 318]], KRAFT) +
      path([[200, 130], [280, 130], [256, 318], [200, 318]], KRAFT_DARK, ' opacity=".35"') +
      path([[120, 130], [160, 96], [200, 130]], KRAFT_LIGHT) +
      path([[200, 130], [240, 96], [280, 130]], KRAFT_LIGHT) +
      path([[150, 130], [200, 84], [250, 130]], '#e2c29c') +
      circle(200, 220, 26, TEAL) +
      `<path d="M188 220l8 8 16-16" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  },
  'food-tray': {
    tint: AMBER_PALE,
    draw: () =>
      path([[90, 230], [310, 230], [286, 300], [114, 300]], KRAFT) +
      path([[90, 230], [310, 230], [300, 248], [100, 248]], KRAFT_DARK) +
      [
        [120, 120, -12],
        [150, 110, 8],
        [180, 116, -4],
        [210, 106, 14],
        [240, 118, -10],
        [262, 126, 18],
        [140, 140, 20],
        [196, 134, -16],
        [228, 140, 6],
      ]
        .map(([x, y, a]) => rect(x!, y!, 18, 116, a! % 4 === 0 ? AMBER : '#f5c16b', 4, ` transform="rotate(${a} ${x} ${y! + 100})"`))
        .join('') +
      path([[100, 230], [300, 230], [286, 272], [114, 272]], KRAFT_LIGHT),
  },
  cup: {
    tint: TEAL_PALE,
    draw: () =>
      `<path d="M180 70c-14 14 14 22 0 36M214 64c-14 14 14 22 0 36" stroke="${GREY}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
      path([[134, 138], [266, 138], [246, 326], [154, 326]], WHITE) +
      path([[142, 196], [258, 196], [250, 270], [150, 270]], TEAL) +
      circle(200, 233, 14, AMBER) +
      rect(122, 116, 156, 26, '#e9eeee', 10) +
      path([[140, 116], [152, 100], [248, 100], [260, 116]], '#dfe5e5') +
      path([[200, 138], [266, 138], [246, 326], [200, 326]], '#000', ' opacity=".05"'),
  },
  'storage-bin': {
    tint: AMBER_PALE,
    draw: () => {
      // An open-fronted picking bin: the front (right face) is low, the sides slope up to the back.
      const b = new IsoBox(206, 322, 140, 140, 104);
      const hf = 52;
      const p = (u: number, v: number, z: number) => b.at(u, v, z);
      return (
        path([p(0, 140, 0), p(140, 140, 0), p(140, 140, 104), p(0, 140, 104)], '#0a4248') +
        path([p(140, 0, 0), p(140, 140, 0), p(140, 140, 104), p(140, 0, hf)], '#0d535a') +
        path([p(0, 0, 0), p(140, 0, 0), p(140, 140, 0), p(0, 140, 0)], '#073a3f') +
        path([p(0, 0, 0), p(0, 140, 0), p(0, 140, 104), p(0, 0, hf)], TEAL) +
        path([p(0, 0, 0), p(140, 0, 0), p(140, 0, hf), p(0, 0, hf)], TEAL_MID) +
        path([p(0, 0, hf), p(140, 0, hf), p(140, 0, hf - 7), p(0, 0, hf - 7)], '#5fb0b2') +
        b.quad('right', 40, 12, 100, 38, WHITE) +
        b.quad('right', 48, 22, 92, 28, GREY)
      );
    },
  },
  tube: {
    tint: AMBER_PALE,
    draw: () =>
      group(
        'rotate(-24 200 210)',
        cylinder(84, 210, 46, 250, 'h', KRAFT, WHITE, 0.42) +
          [134, 184, 234, 284].map((x) => `<path d="M${x} 164l-36 92" stroke="${KRAFT_DARK}" stroke-width="2" opacity=".5"/>`).join('') +
          rect(96, 164, 200, 12, '#fff', 0, ' opacity=".2"') +
          ellipse(84, 210, 19, 46, 'none', ` stroke="${GREY}" stroke-width="3"`) +
          ellipse(84, 210, 10, 28, '#e6eded'),
      ),
  },
  'book-wrap': {
    tint: TEAL_PALE,
    draw: () => {
      const box = new IsoBox(200, 300, 180, 130, 26);
      return (
        box.faces(KRAFT_BOX) +
        box.quad('top', 0, 58, 180, 66, AMBER) +
        path([box.top(0, 0), box.top(40, 0), box.top(0, 40)], KRAFT_DARK, ' opacity=".35"') +
        path([box.top(180, 130), box.top(140, 130), box.top(180, 90)], KRAFT_DARK, ' opacity=".35"') +
        box.quad('top', 60, 82, 130, 112, WHITE)
      );
    },
  },
  'mailing-bag-grey': bagOf('#8f9a9d', '#aab3b6'),
  'mailing-bag-pink': bagOf('#ec8fa8', '#f4b1c3'),
  'mailing-bag-black': bagOf('#2f3437', '#484f53'),
  'mailing-bag-blue': bagOf('#2f7fb5', '#5a9fcf'),
  'mailing-bag-green': bagOf('#5d9b67', '#82b98a'),
  'mailing-bag-paper': bagOf(KRAFT, KRAFT_LIGHT),
  'mailing-bag-clear': { tint: AMBER_PALE, draw: () => mailingBag('#d7ecf0', '#eef7f8', { clear: true, labelled: false }) },
  'bubble-bag': {
    tint: TEAL_PALE,
    draw: () =>
      BUBBLES +
      `<path d="M122 100H278V300a14 14 0 0 1-14 14H136a14 14 0 0 1-14-14Z" fill="#cfe6ee"/>` +
      `<path d="M122 100H278V300a14 14 0 0 1-14 14H136a14 14 0 0 1-14-14Z" fill="url(#b)"/>` +
      rect(114, 92, 172, 22, '#eaf4f7', 6) +
      path([[122, 300], [170, 114], [200, 114], [152, 314]], '#fff', ' opacity=".25"'),
  },
  'envelope-white': { tint: TEAL_PALE, draw: () => envelope(WHITE, '#eef2f2') },
  'envelope-manilla': { tint: TEAL_PALE, draw: () => envelope('#e8cb92', '#f0d9aa') },
  'envelope-padded': {
    tint: TEAL_PALE,
    draw: () => envelope('#d9b25f', '#e5c57f', rect(90, 262, 220, 16, '#fff', 4, ' opacity=".35"') + rect(160, 150, 80, 8, '#fff', 3, ' opacity=".5"')),
  },
  'envelope-padded-white': {
    tint: AMBER_PALE,
    draw: () => envelope(WHITE, '#eef2f2', rect(90, 262, 220, 16, '#cfe6ee', 4) + rect(160, 150, 80, 8, '#cfe6ee', 3)),
  },
  'envelope-board': {
    tint: AMBER_PALE,
    draw: () => envelope(WHITE, '#eef2f2', rect(80, 236, 240, 30, AMBER) + rect(104, 247, 90, 8, WHITE, 3) + rect(206, 247, 50, 8, WHITE, 3)),
  },
  'document-wallet': {
    tint: AMBER_PALE,
    draw: () =>
      group(
        'rotate(5 200 210)',
        rect(104, 96, 192, 228, '#e3eff1', 10) +
          rect(124, 116, 152, 196, WHITE, 4) +
          rect(140, 134, 70, 12, TEAL) +
          [166, 184, 202, 220, 238].map((y) => rect(140, y, 120 - (y % 3) * 10, 6, '#cdd5d6', 3)).join('') +
          rect(104, 96, 192, 228, '#bfe0e6', 10, ' opacity=".45"') +
          path([[104, 300], [170, 96], [206, 96], [140, 324], [114, 324]], '#fff', ' opacity=".3"'),
      ),
  },
  'bubble-wrap': {
    tint: AMBER_PALE,
    draw: () =>
      BUBBLES +
      path([[138, 260], [300, 260], [340, 322], [178, 322]], '#cfe6ee') +
      path([[138, 260], [300, 260], [340, 322], [178, 322]], 'url(#b)') +
      cylinder(120, 196, 76, 180, 'h', '#cfe6ee', '#bcdbe4') +
      cylinder(120, 196, 76, 180, 'h', 'url(#b)', 'url(#b)') +
      ellipse(120, 196, 18, 38, '#a9cfd9') +
      ellipse(120, 196, 10, 22, KRAFT) +
      ellipse(120, 196, 6, 14, KRAFT_DARK),
  },
  'foam-roll': {
    tint: TEAL_PALE,
    draw: () =>
      path([[138, 258], [300, 258], [340, 320], [178, 320]], '#eef3f4') +
      cylinderRoll('#f4f7f8', '#e2eaec', '#d3dde0') +
      `<path d="M140 126v148M180 124v152M220 124v152M260 124v152" stroke="#dde6e8" stroke-width="3"/>`,
  },
  'corrugated-roll': {
    tint: TEAL_PALE,
    draw: () =>
      `<defs><pattern id="f" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="5" height="10" fill="#000" opacity=".12"/></pattern></defs>` +
      path([[138, 258], [300, 258], [340, 320], [178, 320]], KRAFT) +
      path([[138, 258], [300, 258], [340, 320], [178, 320]], 'url(#f)') +
      cylinderRoll(KRAFT, KRAFT_LIGHT, '#e8cfae') +
      cylinder(120, 200, 80, 190, 'h', 'url(#f)', 'none'),
  },
  'edge-protector': {
    tint: AMBER_PALE,
    draw: () =>
      [0, 1, 2]
        .map((i) =>
          group(
            `translate(${i * 40 - 32} ${i * 24 - 8}) rotate(-30 200 200)`,
            rect(60, 170, 240, 24, KRAFT, 2) + path([[60, 170], [300, 170], [316, 156], [76, 156]], KRAFT_LIGHT) + rect(60, 188, 240, 6, KRAFT_DARK),
          ),
        )
        .join(''),
  },
  'void-fill': {
    tint: TEAL_PALE,
    draw: () => {
      const box = new IsoBox(214, 334, 150, 120, 90);
      const heap: Pt[] = [];
      for (let u = 16; u < 150; u += 30) for (let v = 14; v < 120; v += 28) heap.push(box.at(u, v, 92 + ((u * 7 + v * 3) % 14)));
      return (
        CHIP_DEF +
        box.faces({ left: KRAFT_DARK, right: KRAFT, top: '#7a5634' }) +
        chips(heap, '#e3ddcf', 0) +
        chips(heap.filter((_, i) => i % 2 === 0).map(([x, y]) => [x + 8, y - 12] as Pt), '#fbf9f4', 3) +
        chips([[118, 322], [318, 332], [146, 338]], '#fbf9f4', 5)
      );
    },
  },
  'paper-void-fill': {
    tint: TEAL_PALE,
    draw: () =>
      cylinderRoll(KRAFT, KRAFT_LIGHT, '#e8cfae') +
      `<path d="M140 276l30 14 20-16 26 20 22-14 28 18 20-12 36 18-18 22-40-6-30 10-34-10-30 8-40-12Z" fill="${KRAFT_LIGHT}"/>` +
      `<path d="M170 290l10 24M216 294l-6 22M264 298l8 18" stroke="${KRAFT_DARK}" stroke-width="2" opacity=".5"/>`,
  },
  'air-pillows': {
    tint: AMBER_PALE,
    draw: () =>
      [
        [92, 196, -8],
        [196, 182, 6],
        [140, 250, 4],
      ]
        .map(([x, y, a]) =>
          group(
            `rotate(${a} ${x! + 56} ${y! + 36})`,
            rect(x!, y!, 112, 72, '#d6ecf1', 30) + rect(x!, y!, 112, 72, '#fff', 30, ' opacity=".35"') + rect(x! + 10, y! + 4, 92, 8, '#fff', 4, ' opacity=".7"') +
              `<path d="M${x! - 2} ${y! + 36}h8M${x! + 108} ${y! + 36}h8" stroke="${TEAL_SOFT}" stroke-width="6" stroke-linecap="round"/>`,
          ),
        )
        .join(''),
  },
  'tape-brown': { tint: TEAL_PALE, draw: () => tapeRoll('#b5834f', '#8f6236') },
  'tape-clear': {
    tint: AMBER_PALE,
    draw: () => tapeRoll('#d5e3e4', '#b5c9cb', `<circle cx="200" cy="200" r="82" fill="none" stroke="#fff" stroke-width="10" opacity=".5"/>`),
  },
  'tape-printed': {
    tint: TEAL_PALE,
    draw: () => tapeRoll('#f4f1ec', '#d8d2c8', `<circle cx="200" cy="200" r="80" fill="none" stroke="${RED}" stroke-width="12" stroke-dasharray="22 12"/>`),
  },
  'tape-paper': {
    tint: TEAL_PALE,
    draw: () => tapeRoll(KRAFT_LIGHT, KRAFT, `<circle cx="200" cy="200" r="80" fill="none" stroke="${KRAFT}" stroke-width="2" stroke-dasharray="3 5"/>`),
  },
  'tape-dispenser': {
    tint: AMBER_PALE,
    draw: () =>
      // Pistol-grip tape gun, side view: roll on top, roller and blade at the nose, grip below.
      `<path d="M236 222l26 92" stroke="${INK}" stroke-width="38" stroke-linecap="round"/>` +
      `<path d="M246 244l16 56" stroke="${AMBER}" stroke-width="11" stroke-linecap="round"/>` +
      `<path d="M236 156L104 240L118 258L250 228Z" fill="${TEAL}" stroke="${TEAL}" stroke-width="14" stroke-linejoin="round"/>` +
      circle(236, 156, 66, '#b5834f') +
      circle(236, 156, 66, 'none', ' stroke="#8f6236" stroke-width="5"') +
      circle(236, 156, 38, KRAFT_LIGHT) +
      circle(236, 156, 15, TEAL_MID) +
      `<path d="M178 186L108 236" stroke="#b5834f" stroke-width="7"/>` +
      circle(110, 240, 13, GREY) +
      `<path d="M82 258l10-10 9 11 9-10 9 11-28 13Z" fill="#7d8a8d"/>`,
  },
  'pallet-wrap': { tint: AMBER_PALE, draw: () => stretchRoll('#cfe4e6', '#e4f0f1', 0.55) },
  'pallet-wrap-black': { tint: TEAL_PALE, draw: () => stretchRoll('#2d3336', '#454c50', 0.18) },
  strapping: {
    tint: AMBER_PALE,
    draw: () =>
      circle(190, 190, 110, INK) +
      [98, 84, 70].map((r) => circle(190, 190, r, 'none', ` stroke="#3b5457" stroke-width="3"`)).join('') +
      circle(190, 190, 56, KRAFT_LIGHT) +
      circle(190, 190, 44, CREAM) +
      `<path d="M292 236c28 30 34 66 6 92" stroke="${INK}" stroke-width="16" fill="none" stroke-linecap="round"/>` +
      rect(282, 304, 40, 22, '#c7d0d2', 5, ' transform="rotate(-40 302 315)"') +
      rect(290, 311, 24, 8, '#9aa5a8', 3, ' transform="rotate(-40 302 315)"'),
  },
  labels: {
    tint: TEAL_PALE,
    draw: () => {
      let cells = '';
      for (let r = 0; r < 6; r++) for (let c = 0; c < 2; c++) if (!(r === 0 && c === 1)) cells += rect(132 + c * 72, 94 + r * 38, 64, 30, AMBER_PALE, 6);
      return group(
        'rotate(-6 200 210)',
        rect(120, 82, 160, 244, WHITE, 4) +
          cells +
          group('rotate(16 270 110)', rect(236, 86, 72, 36, WHITE, 6, ` stroke="#e6dccd"`) + rect(246, 96, 36, 6, TEAL) + rect(246, 108, 50, 5, GREY)),
      );
    },
  },
  'labels-thermal': {
    tint: AMBER_PALE,
    draw: () => {
      const bars = [6, 12, 16, 24, 30, 34, 40, 48, 52, 58, 64, 70].map((x, i) => rect(24 + x, 20, i % 3 ? 3 : 5, 28, INK)).join('');
      const label = (y: number) => rect(14, y, 132, 80, WHITE, 6, ' stroke="#e1e6e6" stroke-width="2"') + group(`translate(0 ${y - 6})`, bars + rect(30, 58, 70, 6, GREY) + rect(110, 20, 24, 24, AMBER, 3));
      return (
        group('translate(126 212) skewX(18)', rect(0, 0, 160, 116, '#f1f4f4') + label(14)) +
        cylinder(110, 160, 72, 170, 'h', '#f1f4f4', WHITE, 0.38) +
        `<path d="M118 90c8 24 8 116 0 140" stroke="#000" stroke-width="1.5" fill="none" opacity=".06"/>` +
        ellipse(110, 160, 14, 34, KRAFT_LIGHT) +
        ellipse(110, 160, 9, 24, KRAFT_DARK)
      );
    },
  },
  'labels-fragile': {
    tint: TEAL_PALE,
    draw: () =>
      group('rotate(8 250 170)', rect(200, 96, 120, 150, AMBER, 10) + `<path d="M236 210v-56h-14l22-26 22 26h-14v56ZM276 210v-56h-14l22-26 22 26h-14v56Z" fill="${INK}"/>` + rect(222, 218, 84, 8, INK, 3)) +
      group(
        'rotate(-6 180 220)',
        rect(96, 120, 170, 200, WHITE, 12) +
          rect(106, 130, 150, 180, 'none', 8, ` stroke="${RED}" stroke-width="6"`) +
          `<path d="M150 160h62c0 40-10 62-31 62s-31-22-31-62Z" fill="${RED}"/>` +
          `<path d="M176 168l10 16-8 10 10 16" stroke="#fff" stroke-width="4" fill="none"/>` +
          rect(178, 222, 6, 40, RED) +
          rect(156, 262, 50, 8, RED, 4),
      ),
  },
  'safety-knife': {
    tint: AMBER_PALE,
    draw: () =>
      group(
        'rotate(-28 200 210)',
        path([[90, 210], [120, 186], [150, 186], [150, 210]], '#c7d0d2') +
          rect(140, 180, 190, 50, TEAL, 22) +
          rect(150, 180, 180, 14, TEAL_MID, 7) +
          rect(176, 170, 44, 16, AMBER, 6) +
          rect(240, 196, 70, 6, '#0b4a50', 3) +
          rect(250, 208, 50, 6, '#0b4a50', 3),
      ),
  },
  'marker-pen': {
    tint: TEAL_PALE,
    draw: () =>
      group(
        'rotate(-32 200 210)',
        rect(100, 184, 190, 52, INK, 14) +
          rect(116, 184, 170, 12, '#3b5457', 6) +
          path([[290, 192], [318, 200], [318, 220], [290, 228]], '#c7d0d2') +
          rect(316, 202, 16, 16, INK, 3) +
          rect(70, 180, 70, 60, TEAL, 14) +
          rect(150, 200, 90, 20, AMBER, 4),
      ) + group('rotate(-32 200 210)', rect(330, 204, 4, 12, INK)),
  },
  'tissue-paper': {
    tint: AMBER_PALE,
    draw: () =>
      group('rotate(-14 200 230)', rect(96, 130, 220, 170, '#f6c9d2', 8)) +
      group('rotate(-4 200 230)', rect(92, 134, 220, 170, TEAL_SOFT, 8)) +
      group('rotate(6 200 230)', rect(88, 138, 220, 170, WHITE, 8)) +
      `<path d="M120 180c40 20 80-10 150 10M118 236c50 16 90-14 156 8" stroke="#e6e1d8" stroke-width="3" fill="none" transform="rotate(6 200 230)"/>`,
  },
  'carrier-bag': {
    tint: TEAL_PALE,
    draw: () => carrierBag(KRAFT, KRAFT_DARK, '#8e5f35'),
  },
  'carrier-bag-white': {
    tint: AMBER_PALE,
    draw: () => carrierBag(WHITE, '#dfe5e5', GREY),
  },
};

/** An upright roll of stretch film on a cardboard core that sticks out at both ends. */
function stretchRoll(body: string, face: string, shine: number): string {
  return (
    rect(182, 286, 36, 30, KRAFT) +
    ellipse(200, 316, 18, 6, KRAFT_DARK) +
    cylinder(200, 100, 80, 196, 'v', body, face, 0.3) +
    rect(134, 114, 16, 172, '#fff', 8, ` opacity="${shine}"`) +
    rect(160, 114, 6, 172, '#fff', 3, ` opacity="${shine * 0.7}"`) +
    rect(182, 66, 36, 34, KRAFT) +
    ellipse(200, 100, 18, 6, KRAFT) +
    ellipse(200, 66, 18, 6, KRAFT_LIGHT) +
    ellipse(200, 66, 11, 3.5, KRAFT_DARK)
  );
}

function carrierBag(front: string, side: string, handle: string): string {
  return (
    `<path d="M150 150c0-70 80-70 80 0M190 150c0-70 80-70 80 0" stroke="${handle}" stroke-width="7" fill="none"/>` +
    path([[110, 130], [250, 130], [250, 330], [110, 330]], front) +
    path([[250, 130], [300, 116], [300, 316], [250, 330]], side) +
    path([[110, 130], [250, 130], [250, 150], [110, 150]], '#000', ' opacity=".06"') +
    circle(180, 240, 30, TEAL) +
    path([[166, 238], [180, 224], [194, 238], [190, 238], [190, 254], [170, 254], [170, 238]], WHITE)
  );
}

function renderSquare(item: Square, kind: 'products' | 'categories'): string {
  // Categories get a slightly richer background so cards read as "a range", not one product.
  const background =
    kind === 'products'
      ? rect(0, 0, 400, 400, CREAM) + circle(200, 200, 150, item.tint)
      : rect(0, 0, 400, 400, item.tint) + circle(200, 200, 160, CREAM, ' opacity=".55"') + circle(340, 70, 40, WHITE, ' opacity=".4"');
  return svg(400, 400, background + ellipse(200, 332, 130, 14, INK, ' opacity=".1"') + item.draw());
}

// ---------------------------------------------------------------------------------------------
// Landing page: banners (1200x400) and tiles (600x400), illustrations only
// ---------------------------------------------------------------------------------------------

function banner1(): string {
  const boxes = [
    new IsoBox(800, 350, 150, 110, 120),
    new IsoBox(990, 350, 110, 110, 90),
    new IsoBox(800, 204, 110, 80, 80),
  ];
  return svg(
    1200,
    400,
    rect(0, 0, 1200, 400, TEAL_PALE) +
      circle(900, 180, 230, CREAM, ' opacity=".6"') +
      circle(1130, 60, 60, WHITE, ' opacity=".45"') +
      rect(0, 340, 1200, 60, '#cfe2df') +
      ellipse(900, 352, 260, 14, INK, ' opacity=".1"') +
      boxes[0]!.faces(KRAFT_BOX) +
      boxes[0]!.tape('#b07f4e') +
      boxLabel(boxes[0]!, 60, 36, 60, 44) +
      boxes[2]!.faces(DARK_KRAFT_BOX) +
      boxes[2]!.tape('#8e5f35', 18) +
      boxes[1]!.faces(WHITE_BOX) +
      boxes[1]!.tape('#d6e3e3') +
      circle(690, 318, 34, '#8f6236') +
      circle(680, 318, 34, '#b5834f') +
      circle(680, 318, 18, KRAFT_LIGHT) +
      circle(680, 318, 12, CREAM) +
      group('rotate(-8 1110 300)', rect(1070, 250, 80, 100, '#8f9a9d', 8) + rect(1070, 250, 80, 18, '#aab3b6', 4)),
  );
}

function banner2(): string {
  return svg(
    1200,
    400,
    rect(0, 0, 1200, 400, AMBER_PALE) +
      circle(880, 200, 220, CREAM, ' opacity=".7"') +
      `<path d="M560 300C660 120 800 340 900 160S1080 80 1140 120" stroke="${TEAL}" stroke-width="4" stroke-dasharray="4 14" stroke-linecap="round" fill="none" opacity=".5"/>` +
      group('translate(1120 100) rotate(-20)', `<path d="M-40 0L40-24 10 24 0 6Z" fill="${WHITE}"/><path d="M0 6L10 24 40-24Z" fill="#dfe5e5"/>`) +
      group('rotate(-10 760 250)', rect(660, 170, 190, 160, '#8f9a9d', 10) + rect(660, 170, 190, 28, '#aab3b6', 6) + rect(740, 250, 90, 60, WHITE, 4) + rect(752, 262, 50, 7, TEAL)) +
      group('rotate(8 960 250)', rect(870, 180, 200, 140, '#d9b25f', 8) + path([[870, 188], [970, 260], [1070, 188], [1070, 180], [870, 180]], '#e5c57f')) +
      group('rotate(-4 880 330)', rect(780, 290, 220, 70, TEAL, 8) + rect(780, 290, 220, 14, TEAL_MID, 6)) +
      ellipse(880, 372, 240, 10, INK, ' opacity=".1"'),
  );
}

function tileFrame(bg: string, accent: string, body: string): string {
  return svg(600, 400, rect(0, 0, 600, 400, bg) + circle(300, 200, 160, accent, ' opacity=".6"') + ellipse(300, 330, 200, 14, INK, ' opacity=".1"') + body);
}

const TILES: Record<string, () => string> = {
  // Free delivery: a van.
  'tile-1': () =>
    tileFrame(
      TEAL_PALE,
      CREAM,
      `<path d="M100 200h60M80 240h80M110 280h50" stroke="${TEAL_SOFT}" stroke-width="8" stroke-linecap="round"/>` +
        rect(180, 150, 220, 160, TEAL, 12) +
        `<path d="M400 190h60l50 56v64H400Z" fill="${TEAL_MID}"/>` +
        path([[414, 204], [454, 204], [490, 246], [414, 246]], '#cfe6ee') +
        rect(180, 260, 330, 14, AMBER) +
        circle(250, 312, 30, INK) +
        circle(250, 312, 12, GREY) +
        circle(448, 312, 30, INK) +
        circle(448, 312, 12, GREY) +
        rect(500, 282, 14, 10, AMBER, 3),
    ),
  // Next day dispatch: a clock (3 o'clock cut-off) and a box.
  'tile-2': () => {
    const box = new IsoBox(390, 320, 100, 80, 80);
    return tileFrame(
      AMBER_PALE,
      CREAM,
      circle(240, 190, 100, WHITE) +
        circle(240, 190, 100, 'none', ` stroke="${TEAL}" stroke-width="12"`) +
        [0, 90, 180, 270].map((a) => rect(236, 104, 8, 16, TEAL, 3, ` transform="rotate(${a} 240 190)"`)).join('') +
        `<path d="M240 190V124M240 190h44" stroke="${INK}" stroke-width="10" stroke-linecap="round"/>` +
        circle(240, 190, 9, AMBER) +
        box.faces(KRAFT_BOX) +
        box.tape('#b07f4e', 16),
    );
  },
  // Price match: two tags and a tick.
  'tile-3': () =>
    tileFrame(
      TEAL_PALE,
      CREAM,
      group('rotate(-18 260 200)', `<path d="M170 130h150l60 70-60 70H170Z" fill="${TEAL_MID}"/>` + circle(330, 200, 12, TEAL_PALE)) +
        group('rotate(12 300 210)', `<path d="M200 140h150l60 70-60 70H200Z" fill="${AMBER}"/>` + circle(360, 210, 12, CREAM)) +
        `<path d="M250 214l26 26 52-56" stroke="${WHITE}" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    ),
  // Bulk discounts: a stack of boxes.
  'tile-4': () => {
    // A pyramid on an isometric grid, drawn back to front (higher u is further back).
    const base = new IsoBox(250, 344, 0, 0, 0);
    const cell = (u: number, z: number) => {
      const [x, y] = base.at(u, 0, z);
      return new IsoBox(x, y, 70, 70, 70);
    };
    const stack = [cell(148, 0), cell(74, 0), cell(0, 0), cell(111, 72), cell(37, 72), cell(74, 144)];
    return tileFrame(
      AMBER_PALE,
      CREAM,
      stack.map((b, i) => b.faces(i % 2 ? DARK_KRAFT_BOX : KRAFT_BOX) + b.tape(i % 2 ? '#8e5f35' : '#b07f4e', 14)).join('') +
        circle(470, 110, 46, TEAL) +
        circle(454, 94, 9, WHITE) +
        circle(486, 126, 9, WHITE) +
        line([488, 88], [452, 132], WHITE, 8),
    );
  },
  // Eco packaging: a leaf within recycling arrows.
  'tile-5': () =>
    tileFrame(
      TEAL_PALE,
      CREAM,
      [0, 120, 240]
        .map((a) => group(`rotate(${a} 300 200)`, `<path d="M220 150A96 96 0 0 1 360 126" stroke="${TEAL}" stroke-width="18" fill="none" stroke-linecap="round"/><path d="M350 100l36 28-44 14Z" fill="${TEAL}"/>`))
        .join('') +
        `<path d="M250 250C250 170 310 140 360 140C360 210 320 250 250 250Z" fill="#5d9b67"/>` +
        `<path d="M250 250C290 210 320 180 342 158" stroke="#3f7a48" stroke-width="5" fill="none" stroke-linecap="round"/>`,
    ),
  // Trade accounts: a trade counter building and an account card.
  'tile-6': () =>
    tileFrame(
      AMBER_PALE,
      CREAM,
      path([[150, 170], [300, 100], [450, 170]], TEAL) +
        rect(170, 170, 260, 160, WHITE) +
        rect(170, 170, 260, 26, AMBER) +
        rect(200, 220, 110, 110, '#cfd8d8') +
        [232, 250, 268, 286, 304].map((y) => rect(200, y, 110, 4, '#b5c0c1')).join('') +
        rect(340, 220, 60, 50, '#cfe6ee') +
        group('rotate(-10 460 290)', rect(400, 250, 130, 84, TEAL_MID, 10) + rect(414, 266, 40, 30, AMBER, 4) + rect(414, 308, 90, 8, WHITE, 4)),
    ),
};

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/** Names of the square illustrations (drawn under both products/ and categories/). */
export function illustrationNames(): string[] {
  return Object.keys(SQUARES).sort();
}

/**
 * Every illustration by its path under /media, e.g. `products/box-kraft.svg`: each square
 * drawing under products/ and categories/, and the landing page's banners and tiles.
 */
export function allIllustrations(): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of illustrationNames()) {
    out.set(`products/${name}.svg`, renderSquare(SQUARES[name]!, 'products'));
    out.set(`categories/${name}.svg`, renderSquare(SQUARES[name]!, 'categories'));
  }
  out.set('landing/banner-1.svg', banner1());
  out.set('landing/banner-2.svg', banner2());
  for (const name of Object.keys(TILES).sort()) out.set(`landing/${name}.svg`, TILES[name]!());
  return out;
}
