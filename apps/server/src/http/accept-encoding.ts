/**
 * Whether an `Accept-Encoding` header admits gzip (RFC 9110, section 12.5.3): `gzip` or `*` with a
 * quality above zero, unless `gzip` itself is refused with `q=0`. No header means identity only.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  let gzip: number | null = null;
  let any: number | null = null;
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const quality = qualityOf(params);
    if (name === 'gzip' || name === 'x-gzip') gzip = quality;
    else if (name === '*') any = quality;
  }
  return (gzip ?? any ?? 0) > 0;
}

function qualityOf(params: string[]): number {
  for (const param of params) {
    const match = /^q=([01](?:\.\d{0,3})?)$/.exec(param.replace(/\s+/g, ''));
    if (match) return Number(match[1]);
  }
  return 1;
}
