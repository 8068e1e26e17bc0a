import Type from 'typebox';

const imageNameSource = '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\\.(png|jpg|webp)$';

/**
 * An image as events hold it: its name in the image store (`<uuid>.<ext>`, the gateway serves it
 * at `/images/<name>`), never a URL, since the host and port a URL names may change at any time.
 * No dots or slashes besides the extension's: a name can never leave the images folder.
 */
export const ImageName = Type.String({
  pattern: imageNameSource,
  description: "The image's name in the image store, e.g. 0b9e…7c1f.png",
});
const imageNamePattern = new RegExp(imageNameSource);

/**
 * The image name in a reference to an image: the bare name, or an absolute http(s) URL of any host
 * whose path ends in `/images/<name>` (what the gateway answered for an upload, under whatever
 * host and port it had then). Null for anything else.
 */
export function imageNameOf(reference: string): string | null {
  if (imageNamePattern.test(reference)) return reference;
  if (!/^https?:\/\//i.test(reference) || !URL.canParse(reference)) return null;
  const segments = new URL(reference).pathname.split('/');
  const name = segments.at(-1) ?? '';
  return segments.at(-2) === 'images' && imageNamePattern.test(name) ? name : null;
}
