const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A chart's SVG as a standalone file: namespaced, sized, on a white background like the page. No style
 * attribute is written: the app's Content-Security-Policy forbids inline styles (presentation attributes
 * are fine).
 */
export function svgMarkup(svg: SVGSVGElement): { markup: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  copy.setAttribute('font-family', getComputedStyle(svg).fontFamily);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', '#ffffff');
  copy.insertBefore(background, copy.firstChild);
  return { markup: new XMLSerializer().serializeToString(copy), width, height };
}

/**
 * The SVG drawn on an offscreen canvas at twice its size (sharp on high-density screens), as PNG. The
 * image is a data: URL, which the Content-Security-Policy's img-src allows (blob: it does not).
 */
export async function pngOf(svg: SVGSVGElement): Promise<Blob> {
  const { markup, width, height } = svgMarkup(svg);
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
