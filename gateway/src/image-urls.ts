import { imageNameOf } from '@resale/events';
import { HttpProblem } from './errors.ts';

/*
 * Events and read models hold an image by its name in the image store; the API answers an
 * absolute URL (spec: "picture (image URL)"), made from PUBLIC_URL when it answers. So HOST, PORT
 * and PUBLIC_URL may change on an existing data folder: nothing stored names them.
 */

/**
 * The URL an answer gives for a stored image reference: the name, or a URL of /images/<name> on
 * any host (read models built before images were stored by name), served under `publicUrl`. Any
 * other URL is answered as it is.
 */
export function imageUrl(publicUrl: string, stored: string): string {
  const name = imageNameOf(stored);
  return name === null ? stored : `${publicUrl}/images/${name}`;
}

/** Answers' documents with their image fields as URLs under `publicUrl`. */
export interface ImageUrls {
  product<P extends { readonly picture: string }>(product: P): P;
  category<C extends { readonly image: string }>(category: C): C;
}

export const imageUrls = (publicUrl: string): ImageUrls => ({
  product: (product) => ({ ...product, picture: imageUrl(publicUrl, product.picture) }),
  category: (category) => ({ ...category, image: imageUrl(publicUrl, category.image) }),
});

/**
 * The image name a client's reference names: the bare name, or the URL the upload answered (the
 * image under this gateway's PUBLIC_URL). A URL anywhere else is not one of this marketplace's
 * images and is refused (400 on `field`).
 */
export function ownImageName(publicUrl: string, reference: string, field: string): string {
  const name = imageNameOf(reference);
  const own = name !== null && (reference === name || reference === `${publicUrl}/images/${name}`);
  if (!own || name === null)
    throw new HttpProblem(
      400,
      `${field} must be an image uploaded to this marketplace (POST /images answers its URL)`,
      field,
    );
  return name;
}
