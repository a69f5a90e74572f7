/* global document, window, getComputedStyle, NodeFilter */
// WCAG 2.x contrast (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio) and a walk of the visible text
// of a page that gives each text's size, colour and the colour behind it. Used by the elder-mode
// test (e2e/elderMode.e2e.mjs) to check sizes and contrast as the browser computed them.

/**
 * An sRGB colour: red, green and blue 0–255 and alpha 0–1.
 * @typedef {{ r: number, g: number, b: number, a: number }} Rgba
 */

/** @param {number} channel 0–255 */
function linear(channel) {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of an opaque colour. @param {Rgba} colour */
export function relativeLuminance({ r, g, b }) {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * A colour with alpha laid over an opaque one.
 * @param {Rgba} top @param {Rgba} bottom @returns {Rgba}
 */
export function composite(top, bottom) {
  const mix = (a, b) => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/**
 * The contrast ratio of text over a background, 1 to 21 (translucent text is laid over the background first).
 * @param {Rgba} text @param {Rgba} background
 */
export function contrastRatio(text, background) {
  const fg = text.a < 1 ? composite(text, background) : text;
  const [light, dark] = [relativeLuminance(fg), relativeLuminance(background)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Parses `#rrggbb`, `rgb(…)` and `rgba(…)` as computed styles give them. @param {string} text @returns {Rgba | null} */
export function parseColour(text) {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text.trim());
  if (hex) {
    return { r: parseInt(hex[1], 16), g: parseInt(hex[2], 16), b: parseInt(hex[3], 16), a: 1 };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(text.trim());
  if (!rgb) {
    return null;
  }
  const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : parseFloat(rgb[4]);
  return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
}

/**
 * Runs in the page: every visible text node with its element's computed font size, its text colour
 * (an SVG text's fill) and the layers behind it from the element outwards: each background colour,
 * and the colour stops of a gradient. A background image or canvas behind text is reported as
 * `image` (its pixels are unknown). Disabled controls are left out (WCAG exempts them).
 * @returns {{ text: string, fontSize: number, colour: string, layers: string[][], image: boolean, where: string }[]}
 */
export function collectVisibleText() {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    const element = node.parentElement;
    if (text === '' || element === null || element.closest('script,style,noscript,title') !== null) {
      continue;
    }
    if (element.closest('[disabled],[aria-disabled="true"],.adm-button-disabled,.adm-list-item-disabled')) {
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    const style = getComputedStyle(element);
    if (box.width < 1 || box.height < 1 || style.visibility !== 'visible' || Number(style.opacity) === 0) {
      continue;
    }
    // Off the page sideways (a carousel's other slides) is not seen.
    if (box.right <= 0 || box.left >= window.innerWidth) {
      continue;
    }
    let hiddenByOpacity = false;
    const layers = [];
    let image = false;
    for (let at = element; at !== null; at = at.parentElement) {
      const own = getComputedStyle(at);
      if (Number(own.opacity) === 0) {
        hiddenByOpacity = true;
      }
      const stops = own.backgroundImage.match(/rgba?\([^)]*\)|#[0-9a-f]{6}\b/gi);
      if (own.backgroundImage.includes('url(') || at.tagName === 'IMG' || at.querySelector(':scope > canvas')) {
        image = image || own.backgroundImage.includes('url(');
      }
      if (stops !== null && own.backgroundImage.includes('gradient')) {
        layers.push(stops);
      }
      if (own.backgroundColor !== 'rgba(0, 0, 0, 0)' && own.backgroundColor !== 'transparent') {
        layers.push([own.backgroundColor]);
      }
    }
    if (hiddenByOpacity) {
      continue;
    }
    const svgText = element.closest('svg') !== null;
    found.push({
      text: text.slice(0, 40),
      fontSize: parseFloat(style.fontSize),
      colour: svgText && style.fill !== 'none' ? style.fill : style.color,
      layers,
      image,
      where: `${element.tagName.toLowerCase()}.${String(element.className?.baseVal ?? element.className ?? '')
        .split(' ')
        .filter(Boolean)
        .slice(0, 2)
        .join('.')}`,
    });
  }
  return found;
}

/**
 * The worst contrast of a collected text over its layers: the layers are laid from the page (white)
 * inwards, each gradient stop tried in turn.
 * @param {{ colour: string, layers: string[][] }} item
 */
export function worstContrast(item) {
  const text = parseColour(item.colour);
  if (text === null) {
    return null;
  }
  /** @type {Rgba[]} */
  let backgrounds = [{ r: 255, g: 255, b: 255, a: 1 }];
  for (const layer of [...item.layers].reverse()) {
    const next = [];
    for (const stop of layer) {
      const colour = parseColour(stop);
      if (colour !== null) {
        for (const below of backgrounds) {
          next.push(colour.a < 1 ? composite(colour, below) : colour);
        }
      }
    }
    if (next.length > 0) {
      backgrounds = next;
    }
  }
  return Math.min(...backgrounds.map((background) => contrastRatio(text, background)));
}
