import { FILE_EXTENSIONS, type DocumentContentType } from '../../../domain/application';

/**
 * `Content-Disposition: attachment` with a name that cannot break the header or
 * reach outside the downloads folder: an ASCII fallback plus the RFC 5987 UTF-8
 * form, both ending in the extension of the type the content really has.
 */
export function contentDisposition(originalName: string, contentType: DocumentContentType, fallbackStem: string): string {
  const extension = FILE_EXTENSIONS[contentType];
  // eslint-disable-next-line no-control-regex
  let name = originalName.replace(/[\u0000-\u001f\u007f"\\/]/g, '').trim();
  const hasExtension = new RegExp(`\\.(${extension}${extension === 'jpg' ? '|jpeg' : ''})$`, 'i').test(name);
  const stem = (hasExtension ? name.replace(/\.[^.]*$/, '') : name).replace(/^\.+/, '').slice(0, 150) || fallbackStem;
  name = `${stem}.${hasExtension ? name.split('.').pop()!.toLowerCase() : extension}`;
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
