import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { HttpProblem, notFound } from '../errors.ts';
import {
  MAX_IMAGE_SIDE,
  reencodeImage,
  THUMBNAIL_SIDE,
  UnreadableImage,
} from '../image-reencoding.ts';
import { sniffImageType } from '../image-types.ts';
import { MAX_IMAGE_BYTES } from '../plugins/external/multipart.ts';

// Uploads are stored as <uuid>.webp with their thumbnail <uuid>.thumb.webp (earlier uploads kept
// their own type: .png, .jpg); the demo data's pictures have readable names. No dots or slashes
// besides the extension's (and .thumb's): a name can never leave the images folder.
const ImageName = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\\.(png|jpg|webp)|\\.thumb\\.webp)$',
});

const megabytes = MAX_IMAGE_BYTES / (1024 * 1024);

/**
 * The multipart parser's own complaints (no boundary, a truncated or malformed body) carry no
 * status: they are the client's fault, not ours. Its limit errors keep their 413.
 */
const notMultipart = (error: unknown): never => {
  if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
    throw new HttpProblem(413, `The image is larger than ${megabytes} MB`, 'image');
  if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
  throw new HttpProblem(400, 'The upload is not well-formed multipart/form-data', 'image');
};

/** Image upload (replaces the third-party image host of the spec) and serving. */
export default async function imageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/images',
    {
      config: { auth: 'user', rateLimit: app.writeLimit },
      // The body schema documents the multipart form; nothing is validated against it (a multipart
      // request's parsed body is empty: the handler streams and checks the file itself).
      validatorCompiler: ({ httpPart }) => {
        if (httpPart !== 'body')
          throw new Error(`POST /images: its validatorCompiler knows bodies only, not ${httpPart}`);
        return () => true;
      },
      schema: {
        tags: ['images'],
        summary: 'Upload a product picture',
        description:
          `multipart/form-data with one file in the field \`image\`: a PNG, JPEG or WebP (checked by content) of at most ${megabytes} MB. ` +
          `It is stored re-encoded as WebP: turned upright by its EXIF orientation, without metadata (no GPS position), ` +
          `at most ${MAX_IMAGE_SIDE} px on its longest side, with a thumbnail of at most ${THUMBNAIL_SIDE} px at \`<name>.thumb.webp\`; ` +
          'only the picture is kept (the video of a Motion Photo, or anything else after the image, is not). ' +
          'Answers the URL to use as the product `picture`.',
        consumes: ['multipart/form-data'],
        // The form, for the OpenAPI document: /docs offers a file picker.
        body: Type.Object({
          image: Type.String({
            format: 'binary',
            description: `A PNG, JPEG or WebP picture of at most ${megabytes} MB`,
          }),
        }),
        response: {
          201: Type.Object(
            {
              success: Type.Literal(true),
              data: Type.Object({ url: Type.String() }),
            },
            {
              examples: [
                {
                  success: true,
                  data: {
                    url: 'http://127.0.0.1:5000/images/0b7e6f0e-3c1d-4d5a-9a61-2f1f3c6b8e21.webp',
                  },
                },
              ],
            },
          ),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new HttpProblem(415, 'Send the image as multipart/form-data in the field image');
      const file = await request.file().catch(notMultipart);
      if (!file || file.fieldname !== 'image')
        throw new HttpProblem(400, 'image is required', 'image');
      // Throws a 413 past the 15 MB limit (multipart plugin's fileSize).
      const bytes = await file.toBuffer().catch(notMultipart);
      if (!sniffImageType(bytes))
        throw new HttpProblem(400, 'The image must be a PNG, JPEG or WebP picture', 'image');
      const image = await reencodeImage(bytes).catch((error: unknown) => {
        if (!(error instanceof UnreadableImage)) throw error;
        request.log.info({ err: error.cause }, 'upload not decoded');
        throw new HttpProblem(400, error.message, 'image');
      });
      const id = randomUUID();
      const name = `${id}.webp`;
      // The thumbnail first: once the picture's name exists, so does its thumbnail.
      await app.imageStore.save(`${id}.thumb.webp`, {
        contentType: 'image/webp',
        bytes: image.thumbnail,
      });
      await app.imageStore.save(name, { contentType: 'image/webp', bytes: image.full });
      request.log.info(
        { image: name, uploaded: bytes.length, stored: image.full.length },
        'image stored',
      );
      return reply
        .code(201)
        .send({ success: true as const, data: { url: `${app.config.PUBLIC_URL}/images/${name}` } });
    },
  );

  app.get(
    '/images/:name',
    {
      schema: {
        tags: ['images'],
        summary: 'An uploaded image',
        params: Type.Object({ name: ImageName }),
        response: { 200: Type.Any({ description: 'The image bytes' }) },
      },
    },
    async (request, reply) => {
      const image = await app.imageStore.load(request.params.name);
      if (!image) throw notFound('No such image');
      // Names are never reused, so an image never changes.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(image.bytes);
    },
  );
}
