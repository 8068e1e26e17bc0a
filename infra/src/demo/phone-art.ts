/*
 * Stylised phone drawings for the demo catalog, as SVG. Each product picture shows the phone's
 * back (colour, camera layout) in front and its screen (notch, wallpaper) behind; each category
 * image fans three of its brand's phones. render-images.ts turns them into the committed PNGs.
 */
import type { CategoryTitle } from './demo-data.ts';

type CameraLayout =
  | 'ultra-contour'
  | 'a-series-block'
  | 'contour-triple'
  | 'flip-cover'
  | 'ceramic-hump'
  | 'reno-block'
  | 'twin-rings'
  | 'f-series-block'
  | 'diagonal-pair'
  | 'vertical-pair'
  | 'pro-triple'
  | 'single-lens';

type FrontCutout = 'punch-center' | 'punch-left' | 'notch' | 'wide-notch' | 'island';

interface PhoneDesign {
  readonly width: number;
  readonly height: number;
  readonly radius: number;
  /** Back glass gradient, top to bottom. */
  readonly body: readonly [string, string];
  readonly frame: string;
  /** Raised camera plate colour (if the layout has one). */
  readonly plate: string;
  readonly glossy: boolean;
  readonly camera: CameraLayout;
  readonly cutout: FrontCutout;
  /** Lock-screen wallpaper: three colours for a gradient and its shapes. */
  readonly wallpaper: readonly [string, string, string];
  readonly clock: string;
}

interface ProductScene {
  readonly design: PhoneDesign;
  /** Studio background gradient, top to bottom, and the soft disc behind the phones. */
  readonly background: readonly [string, string, string];
}

const samsung = { width: 168, height: 352, radius: 20 };
const oppo = { width: 166, height: 350, radius: 24 };
const iphone = { width: 170, height: 346, radius: 30 };

export const productScenes: Readonly<Record<string, ProductScene>> = {
  'samsung-galaxy-s21-ultra.png': {
    design: {
      ...samsung,
      body: ['#3a3b40', '#141417'],
      frame: '#5c5e66',
      plate: '#1d1e22',
      glossy: false,
      camera: 'ultra-contour',
      cutout: 'punch-center',
      wallpaper: ['#0f1b4d', '#3b5bdb', '#91a7ff'],
      clock: '09:41',
    },
    background: ['#e7ecf3', '#c5cfdd', '#ffffff'],
  },
  'samsung-galaxy-a52.png': {
    design: {
      ...samsung,
      body: ['#a9c8f0', '#5f8fd8'],
      frame: '#8fb0e0',
      plate: '#7ea5e2',
      glossy: false,
      camera: 'a-series-block',
      cutout: 'punch-center',
      wallpaper: ['#0b7285', '#22b8cf', '#c5f6fa'],
      clock: '10:08',
    },
    background: ['#f8f0e3', '#ead9bf', '#fffaf2'],
  },
  'samsung-galaxy-s22.png': {
    design: {
      ...samsung,
      height: 336,
      body: ['#f6e1d6', '#e4b9a6'],
      frame: '#d9a791',
      plate: '#e9c5b5',
      glossy: true,
      camera: 'contour-triple',
      cutout: 'punch-center',
      wallpaper: ['#862e9c', '#e64980', '#ffd8a8'],
      clock: '07:30',
    },
    background: ['#e3f6ee', '#bfe6d4', '#f4fffa'],
  },
  'samsung-galaxy-z-flip4.png': {
    design: {
      ...samsung,
      width: 156,
      height: 372,
      radius: 18,
      body: ['#d6c6ee', '#a88ed6'],
      frame: '#9d86c8',
      plate: '#141318',
      glossy: false,
      camera: 'flip-cover',
      cutout: 'punch-center',
      wallpaper: ['#5f3dc4', '#cc5de8', '#ffec99'],
      clock: '18:20',
    },
    background: ['#fff7d6', '#f7e3a1', '#fffdf2'],
  },
  'oppo-find-x5-pro.png': {
    design: {
      ...oppo,
      body: ['#ffffff', '#dcdde2'],
      frame: '#c9cbd2',
      plate: '#eceef2',
      glossy: true,
      camera: 'ceramic-hump',
      cutout: 'punch-left',
      wallpaper: ['#1864ab', '#4dabf7', '#e7f5ff'],
      clock: '11:15',
    },
    background: ['#c9d6e8', '#8ea5c6', '#e4ecf7'],
  },
  'oppo-reno8.png': {
    design: {
      ...oppo,
      body: ['#efe4c9', '#c9b183'],
      frame: '#bfa36d',
      plate: '#d8c59b',
      glossy: false,
      camera: 'reno-block',
      cutout: 'punch-left',
      wallpaper: ['#5c940d', '#94d82d', '#f4fce3'],
      clock: '08:05',
    },
    background: ['#4a5568', '#2d3748', '#718096'],
  },
  'oppo-a96.png': {
    design: {
      ...oppo,
      body: ['#8fb2f7', '#f3a3c5'],
      frame: '#b9b3e6',
      plate: '#b5b9ee',
      glossy: true,
      camera: 'twin-rings',
      cutout: 'punch-left',
      wallpaper: ['#e8590c', '#ffa94d', '#fff4e6'],
      clock: '16:45',
    },
    background: ['#f3f0ff', '#d9d0fb', '#ffffff'],
  },
  'oppo-f21-pro.png': {
    design: {
      ...oppo,
      body: ['#f29a4f', '#d4572a'],
      frame: '#c9653a',
      plate: '#bd4f25',
      glossy: false,
      camera: 'f-series-block',
      cutout: 'punch-left',
      wallpaper: ['#087f5b', '#38d9a9', '#e6fcf5'],
      clock: '12:00',
    },
    background: ['#d3f2ee', '#8fd3c9', '#effbf9'],
  },
  'iphone-13.png': {
    design: {
      ...iphone,
      body: ['#fbe1e5', '#f1c0c9'],
      frame: '#f0b8c2',
      plate: '#f6d0d7',
      glossy: true,
      camera: 'diagonal-pair',
      cutout: 'notch',
      wallpaper: ['#a61e4d', '#f783ac', '#fff0f6'],
      clock: '9:41',
    },
    background: ['#e7f5ff', '#bcdcf5', '#ffffff'],
  },
  'iphone-12.png': {
    design: {
      ...iphone,
      radius: 26,
      body: ['#e03131', '#a51111'],
      frame: '#c92a2a',
      plate: '#c41e26',
      glossy: true,
      camera: 'vertical-pair',
      cutout: 'wide-notch',
      wallpaper: ['#212529', '#e03131', '#ffc9c9'],
      clock: '9:41',
    },
    background: ['#f1f3f5', '#d7dbe0', '#ffffff'],
  },
  'iphone-14-pro.png': {
    design: {
      ...iphone,
      body: ['#6a5a73', '#3d3244'],
      frame: '#7b6a86',
      plate: '#54475c',
      glossy: false,
      camera: 'pro-triple',
      cutout: 'island',
      wallpaper: ['#2b1d3a', '#7048e8', '#e5dbff'],
      clock: '9:41',
    },
    background: ['#fde8dc', '#f4c7ad', '#fff6f0'],
  },
  'iphone-xr.png': {
    design: {
      ...iphone,
      width: 174,
      radius: 32,
      body: ['#fde58a', '#f5c842'],
      frame: '#eec53d',
      plate: '#f7d55e',
      glossy: true,
      camera: 'single-lens',
      cutout: 'wide-notch',
      wallpaper: ['#1c7ed6', '#74c0fc', '#fff3bf'],
      clock: '9:41',
    },
    background: ['#e6e9f2', '#bcc3d6', '#f7f8fc'],
  },
};

interface CategoryScene {
  readonly background: readonly [string, string];
  readonly accent: string;
  /** Product pictures whose phones are fanned on the tile. */
  readonly phones: readonly [string, string, string];
}

export const categoryScenes: Readonly<Record<CategoryTitle, CategoryScene>> = {
  Samsung: {
    background: ['#1c3faa', '#0a1a5c'],
    accent: '#4c6ef5',
    phones: ['samsung-galaxy-a52.png', 'samsung-galaxy-s21-ultra.png', 'samsung-galaxy-s22.png'],
  },
  Oppo: {
    background: ['#12a37a', '#04513b'],
    accent: '#38d9a9',
    phones: ['oppo-f21-pro.png', 'oppo-find-x5-pro.png', 'oppo-a96.png'],
  },
  Iphone: {
    background: ['#3a3d46', '#101216'],
    accent: '#868e96',
    phones: ['iphone-13.png', 'iphone-14-pro.png', 'iphone-12.png'],
  },
};

/////////////////////////////////////////
// Parts
/////////////////////////////////////////

/** One camera lens: metal ring, black barrel, tinted glass, a reflection. */
function lens(id: string, cx: number, cy: number, r: number, ring = `url(#${id}-ring)`): string {
  return `<g transform="translate(${cx} ${cy})">
    <circle r="${r + 1.5}" fill="#000" opacity="0.25"/>
    <circle r="${r}" fill="${ring}"/>
    <circle r="${r * 0.8}" fill="#0b0c10"/>
    <circle r="${r * 0.58}" fill="url(#${id}-glass)"/>
    <circle r="${r * 0.24}" fill="#040508"/>
    <ellipse cx="${-r * 0.22}" cy="${-r * 0.26}" rx="${r * 0.2}" ry="${r * 0.11}" transform="rotate(-35 ${-r * 0.22} ${-r * 0.26})" fill="#fff" opacity="0.55"/>
  </g>`;
}

const flash = (cx: number, cy: number, r: number): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#f1ead2" stroke="#c9c2a8" stroke-width="1"/>
   <circle cx="${cx}" cy="${cy}" r="${r * 0.55}" fill="#fff8e1"/>`;

const sensor = (cx: number, cy: number, r: number): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1a1b20"/>`;

/** A plate raised above the back glass, with a shadow and a highlight on its top edge. */
const plate = (x: number, y: number, w: number, h: number, rx: number, fill: string): string =>
  `<rect x="${x + 1}" y="${y + 3}" width="${w}" height="${h}" rx="${rx}" fill="#000" opacity="0.22"/>
   <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>
   <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="1.2"/>`;

function cameras(id: string, d: PhoneDesign): string {
  const { width: w, plate: p } = d;
  switch (d.camera) {
    case 'ultra-contour': {
      // The module flows into the frame at the top-left corner.
      const path = `M0 ${d.radius} Q0 0 ${d.radius} 0 L78 0 L78 150 Q78 168 60 168 L0 168 Z`;
      return `<path d="${path}" fill="${d.frame}"/>
        <path d="${path}" transform="translate(3 3) scale(0.95)" fill="${p}"/>
        ${lens(id, 34, 30, 19)}${lens(id, 34, 74, 19)}${lens(id, 34, 118, 19)}
        <rect x="20" y="142" width="28" height="18" rx="4" fill="#0b0c10" stroke="#6b6e78" stroke-width="2"/>
        <rect x="26" y="146" width="16" height="10" rx="2" fill="url(#${id}-glass)"/>
        ${flash(63, 30, 6)}${sensor(63, 52, 4)}${sensor(63, 74, 3)}`;
    }
    case 'a-series-block':
      return `${plate(14, 14, 76, 110, 16, p)}
        ${lens(id, 36, 40, 17)}${lens(id, 36, 84, 13)}${lens(id, 68, 40, 11)}${lens(id, 68, 70, 8)}
        ${flash(68, 96, 5)}`;
    case 'contour-triple': {
      const path = `M0 ${d.radius} Q0 0 ${d.radius} 0 L58 0 L58 128 Q58 142 44 142 L0 142 Z`;
      return `<path d="${path}" fill="${d.frame}"/>
        <path d="${path}" transform="translate(2 2) scale(0.96)" fill="${p}"/>
        ${lens(id, 29, 30, 16)}${lens(id, 29, 68, 16)}${lens(id, 29, 106, 16)}
        ${flash(50, 22, 4)}`;
    }
    case 'flip-cover':
      // Shown on the folded phone: the cover screen beside two lenses.
      return `<rect x="12" y="12" width="${w - 24}" height="62" rx="12" fill="${p}"/>
        <rect x="64" y="18" width="${w - 82}" height="50" rx="8" fill="url(#${id}-cover)"/>
        <text x="${64 + (w - 82) / 2}" y="48" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="15" font-weight="bold" fill="#fff">${d.clock}</text>
        ${lens(id, 30, 30, 12)}${lens(id, 30, 58, 12)}${flash(50, 22, 3.5)}`;
    case 'ceramic-hump': {
      // One sculpted bump of the back glass itself, tapering into the body.
      return `<path d="M10 20 Q10 10 22 10 L86 10 Q98 10 98 24 L98 120 Q98 158 70 168 L38 168 Q10 158 10 120 Z" fill="#000" opacity="0.1" transform="translate(1 4)"/>
        <path d="M10 20 Q10 10 22 10 L86 10 Q98 10 98 24 L98 120 Q98 158 70 168 L38 168 Q10 158 10 120 Z" fill="url(#${id}-hump)"/>
        ${lens(id, 54, 44, 24)}${lens(id, 54, 100, 24)}${lens(id, 32, 140, 8)}${flash(76, 140, 6)}`;
    }
    case 'reno-block':
      return `${plate(14, 14, 64, 112, 20, p)}
        ${lens(id, 46, 44, 22)}${lens(id, 46, 96, 22)}
        ${plate(86, 18, 18, 42, 9, p)}${lens(id, 95, 30, 6)}${flash(95, 49, 5)}`;
    case 'twin-rings':
      return `<circle cx="44" cy="46" r="30" fill="none" stroke="url(#${id}-ring)" stroke-width="5"/>
        <circle cx="44" cy="108" r="30" fill="none" stroke="url(#${id}-ring)" stroke-width="5"/>
        ${lens(id, 44, 46, 20)}${lens(id, 44, 108, 20)}${flash(88, 40, 6)}${sensor(88, 58, 3)}`;
    case 'f-series-block':
      return `${plate(14, 14, 92, 74, 18, p)}
        ${lens(id, 40, 42, 18)}${lens(id, 80, 34, 10)}${lens(id, 80, 62, 10)}
        <circle cx="40" cy="42" r="24" fill="none" stroke="#f8d7c0" stroke-opacity="0.5" stroke-width="1.5"/>
        ${flash(120, 28, 5)}${sensor(120, 46, 3)}`;
    case 'diagonal-pair':
      return `${plate(14, 14, 80, 80, 20, p)}
        ${lens(id, 36, 36, 15)}${lens(id, 72, 72, 15)}${flash(74, 32, 6)}${sensor(34, 76, 3)}`;
    case 'vertical-pair':
      return `${plate(14, 14, 80, 80, 20, p)}
        ${lens(id, 36, 36, 15)}${lens(id, 36, 72, 15)}${flash(72, 34, 6)}${sensor(72, 56, 3)}`;
    case 'pro-triple':
      return `${plate(12, 12, 100, 100, 26, p)}
        ${lens(id, 38, 38, 19)}${lens(id, 38, 86, 19)}${lens(id, 84, 62, 19)}
        ${flash(86, 26, 7)}<circle cx="86" cy="98" r="7" fill="#0d0d12"/>`;
    case 'single-lens':
      return `${plate(14, 14, 42, 68, 16, p)}
        ${lens(id, 35, 36, 14)}${flash(35, 66, 6)}`;
  }
}

/** The iconic part of each screen: punch hole, notch or island. */
function cutout(kind: FrontCutout, w: number): string {
  const c = w / 2;
  switch (kind) {
    case 'punch-center':
      return `<circle cx="${c}" cy="22" r="6" fill="#050507"/>`;
    case 'punch-left':
      return `<circle cx="26" cy="24" r="6.5" fill="#050507"/>`;
    case 'notch':
      return `<path d="M${c - 38} 8 L${c + 38} 8 L${c + 38} 18 Q${c + 38} 30 ${c + 26} 30 L${c - 26} 30 Q${c - 38} 30 ${c - 38} 18 Z" fill="#050507"/>`;
    case 'wide-notch':
      return `<path d="M${c - 50} 8 L${c + 50} 8 L${c + 50} 18 Q${c + 50} 32 ${c + 36} 32 L${c - 36} 32 Q${c - 50} 32 ${c - 50} 18 Z" fill="#050507"/>`;
    case 'island':
      return `<rect x="${c - 32}" y="16" width="64" height="18" rx="9" fill="#050507"/>`;
  }
}

function gradients(id: string, d: PhoneDesign): string {
  const [w1, w2, w3] = d.wallpaper;
  return `<linearGradient id="${id}-body" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="${d.body[0]}"/><stop offset="1" stop-color="${d.body[1]}"/>
    </linearGradient>
    <linearGradient id="${id}-sheen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="${d.glossy ? 0.55 : 0.18}"/>
      <stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
      <stop offset="0.8" stop-color="#fff" stop-opacity="${d.glossy ? 0.18 : 0.05}"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="${id}-ring" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f1f3f5"/><stop offset="0.5" stop-color="#868e96"/><stop offset="1" stop-color="#dee2e6"/>
    </linearGradient>
    <radialGradient id="${id}-glass" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#5c7cfa"/><stop offset="0.45" stop-color="#2b2f6b"/><stop offset="1" stop-color="#07081a"/>
    </radialGradient>
    <linearGradient id="${id}-hump" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="${d.plate}"/><stop offset="1" stop-color="#c4c7cf"/>
    </linearGradient>
    <linearGradient id="${id}-wall" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="${w1}"/><stop offset="0.6" stop-color="${w2}"/><stop offset="1" stop-color="${w3}"/>
    </linearGradient>
    <linearGradient id="${id}-cover" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${w1}"/><stop offset="1" stop-color="${w2}"/>
    </linearGradient>
    <clipPath id="${id}-screen"><rect x="7" y="7" width="${d.width - 14}" height="${d.height - 14}" rx="${d.radius - 5}"/></clipPath>
    <clipPath id="${id}-back"><rect width="${d.width}" height="${d.height}" rx="${d.radius}"/></clipPath>`;
}

/** Side keys, drawn before the body so they peek out of its edge. */
const sideKeys = (d: PhoneDesign, side: 'left' | 'right'): string => {
  const x = side === 'right' ? d.width - 2 : -2;
  return `<rect x="${x}" y="${d.height * 0.22}" width="4" height="44" rx="2" fill="${d.frame}"/>
    <rect x="${x}" y="${d.height * 0.22 + 54}" width="4" height="26" rx="2" fill="${d.frame}"/>`;
};

/** The phone seen from the back, in a width × height box at the origin. */
function phoneBack(id: string, d: PhoneDesign): string {
  if (d.camera === 'flip-cover') return flipFolded(id, d);
  return `${sideKeys(d, 'left')}
    <rect width="${d.width}" height="${d.height}" rx="${d.radius}" fill="${d.frame}"/>
    <rect x="3" y="3" width="${d.width - 6}" height="${d.height - 6}" rx="${d.radius - 3}" fill="url(#${id}-body)"/>
    <rect x="3" y="3" width="${d.width - 6}" height="${d.height - 6}" rx="${d.radius - 3}" fill="url(#${id}-sheen)"/>
    <g clip-path="url(#${id}-back)">${cameras(id, d)}</g>`;
}

/** The Flip folded: a near-square half with the cover screen, the hinge at its bottom. */
function flipFolded(id: string, d: PhoneDesign): string {
  const h = d.height / 2 + 6;
  return `<rect x="${d.width - 2}" y="40" width="4" height="40" rx="2" fill="${d.frame}"/>
    <rect width="${d.width}" height="${h}" rx="${d.radius}" fill="${d.frame}"/>
    <rect x="3" y="3" width="${d.width - 6}" height="${h - 6}" rx="${d.radius - 3}" fill="url(#${id}-body)"/>
    <rect x="3" y="3" width="${d.width - 6}" height="${h - 6}" rx="${d.radius - 3}" fill="url(#${id}-sheen)"/>
    <rect x="0" y="${h - 16}" width="${d.width}" height="16" rx="6" fill="#5a4f6e"/>
    <rect x="0" y="${h - 12}" width="${d.width}" height="3" fill="#fff" opacity="0.18"/>
    ${cameras(id, d)}`;
}

/** The phone seen from the front: frame, lit lock screen, cutout. */
function phoneFront(id: string, d: PhoneDesign): string {
  const { width: w, height: h } = d;
  const [, , w3] = d.wallpaper;
  const hinge =
    d.camera === 'flip-cover'
      ? `<rect x="7" y="${h / 2 - 1}" width="${w - 14}" height="2" fill="#fff" opacity="0.16"/>`
      : '';
  return `${sideKeys(d, 'right')}
    <rect width="${w}" height="${h}" rx="${d.radius}" fill="${d.frame}"/>
    <rect x="2.5" y="2.5" width="${w - 5}" height="${h - 5}" rx="${d.radius - 2}" fill="#0a0a0c"/>
    <g clip-path="url(#${id}-screen)">
      <rect width="${w}" height="${h}" fill="url(#${id}-wall)"/>
      <circle cx="${w * 0.85}" cy="${h * 0.78}" r="${w * 0.55}" fill="${w3}" opacity="0.25"/>
      <circle cx="${w * 0.1}" cy="${h * 0.95}" r="${w * 0.45}" fill="#fff" opacity="0.12"/>
      <path d="M0 ${h * 0.62} Q${w * 0.3} ${h * 0.52} ${w * 0.55} ${h * 0.6} T${w} ${h * 0.56} L${w} ${h} L0 ${h} Z" fill="#000" opacity="0.18"/>
      <text x="${w / 2}" y="${h * 0.27}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${w * 0.25}" font-weight="bold" fill="#fff" opacity="0.95">${d.clock}</text>
      <text x="${w / 2}" y="${h * 0.27 + 20}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="10" fill="#fff" opacity="0.85">Saturday, 21 November</text>
      <rect x="${w / 2 - 22}" y="${h - 20}" width="44" height="4" rx="2" fill="#fff" opacity="0.75"/>
      ${hinge}
    </g>
    ${cutout(d.cutout, w)}`;
}

const shadowFilter = `<filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur stdDeviation="9"/>
  </filter>`;

/** A product picture, 640 × 480: the screen side behind on the right, the back in front on the left. */
export function productSvg(fileName: string): string {
  const scene = productScenes[fileName];
  if (!scene) throw new Error(`No drawing for ${fileName}`);
  const {
    design: d,
    background: [top, bottom, disc],
  } = scene;
  const backHeight = d.camera === 'flip-cover' ? d.height / 2 + 6 : d.height;
  const backY = d.camera === 'flip-cover' ? 230 : 92;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480" viewBox="0 0 640 480">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    ${shadowFilter}
    ${gradients('p', d)}
  </defs>
  <rect width="640" height="480" fill="url(#bg)"/>
  <circle cx="330" cy="230" r="190" fill="${disc}" opacity="0.55"/>
  <ellipse cx="430" cy="446" rx="110" ry="12" fill="#000" opacity="0.22" filter="url(#shadow)"/>
  <ellipse cx="210" cy="${backY + backHeight + 18}" rx="105" ry="13" fill="#000" opacity="0.3" filter="url(#shadow)"/>
  <g transform="translate(350 ${d.camera === 'flip-cover' ? 56 : 66}) rotate(7)">
    <rect x="6" y="10" width="${d.width}" height="${d.height}" rx="${d.radius}" fill="#000" opacity="0.25" filter="url(#shadow)"/>
    ${phoneFront('p', d)}
  </g>
  <g transform="translate(${d.camera === 'flip-cover' ? 140 : 118} ${backY}) rotate(-8)">
    <rect x="8" y="12" width="${d.width}" height="${backHeight}" rx="${d.radius}" fill="#000" opacity="0.3" filter="url(#shadow)"/>
    ${phoneBack('p', d)}
  </g>
</svg>`;
}

/** A category tile, 480 × 360: the brand's name and three of its phones fanned out. */
export function categorySvg(title: CategoryTitle): string {
  const {
    background: [top, bottom],
    accent,
    phones,
  } = categoryScenes[title];
  // The middle phone is drawn last, so it lies on top of its neighbours.
  const fan = [0, 2, 1]
    .map((index) => {
      const fileName = phones[index] ?? '';
      const scene = productScenes[fileName];
      if (!scene) throw new Error(`No drawing for ${fileName}`);
      const back = scene.design;
      const x = [278, 352, 426][index] ?? 0;
      const angle = [-18, 0, 18][index] ?? 0;
      const y = index === 1 ? 28 : 52;
      return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(0.7) translate(${-back.width / 2} 0)">
        <rect x="8" y="12" width="${back.width}" height="${back.height}" rx="${back.radius}" fill="#000" opacity="0.35" filter="url(#shadow)"/>
        ${phoneBack(`c${index}`, back)}
      </g>`;
    })
    .join('\n');
  const defs = phones
    .map((fileName, index) => {
      const scene = productScenes[fileName];
      return scene ? gradients(`c${index}`, scene.design) : '';
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient>
    ${shadowFilter}
    ${defs}
  </defs>
  <rect width="480" height="360" fill="url(#bg)"/>
  <circle cx="330" cy="190" r="150" fill="${accent}" opacity="0.25"/>
  <circle cx="60" cy="40" r="90" fill="#fff" opacity="0.06"/>
  ${fan}
  <text x="32" y="292" font-family="DejaVu Sans, sans-serif" font-size="52" font-weight="bold" fill="#fff">${title}</text>
  <rect x="34" y="308" width="64" height="6" rx="3" fill="${accent}"/>
  <text x="34" y="338" font-family="DejaVu Sans, sans-serif" font-size="15" fill="#fff" opacity="0.8">Used phones, checked and ready</text>
</svg>`;
}
