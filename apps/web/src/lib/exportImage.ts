const SVG_NS = 'http://www.w3.org/2000/svg';
/** The band above the chart that carries its title. */
const TITLE_PX = 28;
/** Room on the right: the last date label of an axis may reach past the chart's own box. */
const RIGHT_PX = 16;

/** A legend entry shown beside a chart (recharts' own, or a page's `[data-legend-color]`), where it is shown. */
export type LegendEntry = { label: string; color: string; box: DOMRect };

/** The legend entries drawn in `root` (in the HTML around the chart, so not in its SVG). */
export function legendEntries(root: Element): LegendEntry[] {
  const entries: LegendEntry[] = [];
  for (const item of root.querySelectorAll('.recharts-legend-item')) {
    const icon = item.querySelector('.recharts-legend-icon');
    const fill = icon?.getAttribute('fill');
    const color = fill && fill !== 'none' ? fill : (icon?.getAttribute('stroke') ?? '#57606a');
    entries.push({ label: item.textContent?.trim() ?? '', color, box: item.getBoundingClientRect() });
  }
  for (const item of root.querySelectorAll<HTMLElement>('[data-legend-color]')) {
    const color = item.dataset.legendColor ?? '#57606a';
    entries.push({ label: item.textContent?.trim() ?? '', color, box: item.getBoundingClientRect() });
  }
  return entries;
}

function element(name: string, attributes: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A chart's SVG as a standalone file: its title above it and its legend where the page shows it (both
 * are HTML on the page), namespaced, sized, on a white background like the page. No style attribute is
 * written: the app's Content-Security-Policy forbids inline styles (presentation attributes are fine).
 */
export function svgMarkup(
  svg: SVGSVGElement,
  { title = '', legend = [] }: { title?: string; legend?: LegendEntry[] } = {},
): { markup: string; width: number; height: number } {
  const chart = svg.getBoundingClientRect();
  const boxes = [chart, ...legend.map((entry) => entry.box)];
  const left = Math.min(...boxes.map((b) => b.left));
  const top = Math.min(...boxes.map((b) => b.top));
  const width = Math.round(Math.max(...boxes.map((b) => b.right)) - left + RIGHT_PX);
  const height = Math.round(Math.max(...boxes.map((b) => b.bottom)) - top + TITLE_PX);
  const at = (box: DOMRect) => ({ x: box.left - left, y: box.top - top + TITLE_PX });

  const file = element('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` });
  file.setAttribute('font-family', getComputedStyle(svg).fontFamily);
  file.append(element('rect', { width: '100%', height: '100%', fill: '#ffffff' }));
  file.append(element('text', { x: 8, y: 19, 'font-size': 14, 'font-weight': 600, fill: '#1f2328' }, title));
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const placed = at(chart);
  copy.setAttribute('x', String(placed.x));
  copy.setAttribute('y', String(placed.y));
  copy.setAttribute('width', String(Math.round(chart.width)));
  copy.setAttribute('height', String(Math.round(chart.height)));
  file.append(copy);
  for (const entry of legend) {
    const { x, y } = at(entry.box);
    const middle = y + entry.box.height / 2;
    file.append(element('rect', { x, y: middle - 5, width: 10, height: 10, rx: 2, fill: entry.color }));
    file.append(element('text', { x: x + 14, y: middle + 4, 'font-size': 12, fill: '#57606a' }, entry.label));
  }
  return { markup: new XMLSerializer().serializeToString(file), width, height };
}

/**
 * The SVG drawn on an offscreen canvas at twice its size (sharp on high-density screens), as PNG. The
 * image is a data: URL, which the Content-Security-Policy's img-src allows (blob: it does not).
 */
export async function pngOf(
  svg: SVGSVGElement,
  decorations?: { title?: string; legend?: LegendEntry[] },
): Promise<Blob> {
  const { markup, width, height } = svgMarkup(svg, decorations);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * 2);
  canvas.height = Math.round(height * 2);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'),
  );
}

/** Hands a file to the browser's downloads. */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
