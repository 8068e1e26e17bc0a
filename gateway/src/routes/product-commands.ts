import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  placeBookingAfter,
  productDecider,
  productStreamId,
  reportReasons,
  type ProductCommand,
} from '@resale/events';
import { commandMetadata, newEventId, timeOrderedUuid } from '../commands.ts';
import { listCategories } from '@resale/workers/read-models';
import { forbidden, HttpProblem } from '../errors.ts';
import { ownImageName } from '../image-urls.ts';
import { actorOfRequest } from '../plugins/app/authentication.ts';
import { Deleted, Inserted, Modified } from '../schemas/answers.ts';
import { Id } from '../schemas/common.ts';
import {
  BookingRequest,
  Listing,
  ListingChanges,
  listingChangeMessages,
  listingMessages,
} from '../schemas/products.ts';

const ProductParams = Type.Object({ productId: Id });

/** Why a user reports a listing: one of a fixed list, and a short text with 'other'. */
const ReportRequest = Type.Object(
  {
    reason: Type.Enum([...reportReasons], {
      description:
        'stolen-or-blocked, misleading-description, wrong-price, prohibited-item, ' +
        "spam-or-duplicate, or other (then say what in 'details')",
    }),
    details: Type.Optional(
      Type.String({ maxLength: 200, description: "What is wrong, with the reason 'other'" }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ reason: 'stolen-or-blocked' }, { reason: 'other', details: 'Fake box photo' }],
  },
);
const reportMessages = {
  reason: `Choose a reason: ${reportReasons.join(', ')}`,
  details: 'Say what is wrong in up to 200 characters',
};

/** Why an admin acts on a case: the seller and the audit read it. */
const ModerationRequest = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 300 }) },
  { additionalProperties: false, examples: [{ reason: 'The IMEI is on the blocked list' }] },
);
const moderationMessages = { reason: 'Give a reason (up to 300 characters)' };

/** A call the spec makes without a payload may now carry one: no payload reads as null. */
const noBodyAsNull = async (request: { body: unknown }): Promise<void> => {
  request.body ??= null;
};

/** A product command as a route makes it: the metadata comes from the request. */
type ProductCommandData<C = ProductCommand> = C extends ProductCommand
  ? Omit<C, 'metadata'>
  : never;

/**
 * Everything that changes a product: listing, editing, reporting, booking, advertising, taking off
 * the site, deleting.
 */
export default async function productCommandRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const commandConfig = { idempotent: true, rateLimit: app.writeLimit } as const;

  app.post(
    '/myProducts',
    {
      config: { ...commandConfig, auth: 'seller', fieldMessages: listingMessages },
      schema: {
        tags: ['products'],
        summary: 'List a product for sale (sellers, under their own e-mail)',
        description:
          'The server sets the id, the post time and the seller. `picture` is the URL POST /images answered (or the image name in it); a picture not uploaded to this marketplace is refused.',
        body: Listing,
        response: { 201: Inserted },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      const listing = {
        ...request.body,
        email: request.body.email.toLowerCase(),
        sellerEmail: request.body.sellerEmail.toLowerCase(),
        // The event keeps the image's name; answers make it a URL under the PUBLIC_URL of then.
        picture: ownImageName(app.config.PUBLIC_URL, request.body.picture, 'picture'),
      };
      if (listing.sellerEmail !== actor.email)
        throw forbidden('You can only list products under your own e-mail');
      // Brand is the category's title; an empty catalog (nothing seeded yet) accepts any.
      const categories = await listCategories(app.readModels.store);
      if (categories.length > 0 && !categories.some((category) => category.title === listing.Brand))
        throw new HttpProblem(
          400,
          `Choose one of the categories: ${categories.map((c) => c.title).join(', ')}`,
          'Brand',
        );
      const productId = randomUUID();
      const result = await app.handleCommand(
        productStreamId(productId),
        productDecider,
        {
          type: 'ListProduct',
          data: { ...listing, productId, sellerUid: actor.uid },
          metadata: commandMetadata(request, actor),
        },
        { newStream: true },
      );
      return reply
        .code(201)
        .send({ acknowledged: true, insertedId: productId, position: result.position });
    },
  );

  /** Runs one product command and answers how many products it changed. */
  const changeProduct = async (
    request: Parameters<typeof commandMetadata>[0],
    productId: string,
    command: ProductCommandData,
  ) => {
    const actor = actorOfRequest(request);
    const result = await app.handleCommand(productStreamId(productId), productDecider, {
      ...command,
      metadata: commandMetadata(request, actor),
    } as ProductCommand);
    return { changed: result.appended ? 1 : 0, position: result.position };
  };

  app.put(
    '/allProducts/:productId',
    {
      config: { ...commandConfig, auth: 'user', fieldMessages: reportMessages },
      preValidation: noBodyAsNull,
      schema: {
        tags: ['products'],
        summary: 'Report a product, saying why (signed in)',
        description:
          'One open report per user and listing: a second, until an admin closes the first, is ' +
          "409. Without a payload (the spec's call) the report's reason is 'not-given'.",
        params: ProductParams,
        body: Type.Union([ReportRequest, Type.Null()]),
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const actor = actorOfRequest(request);
      const { changed, position } = await changeProduct(request, productId, {
        type: 'ReportProduct',
        data: {
          productId,
          reporterName: actor.name || actor.email,
          reason: request.body?.reason ?? 'not-given',
          details: request.body?.details ?? null,
        },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.put(
    '/myProducts/:productId/advertise',
    {
      config: { ...commandConfig, auth: 'seller' },
      schema: {
        tags: ['products'],
        summary: 'Advertise an own, available product on the home page (its seller)',
        params: ProductParams,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: 'AdvertiseProduct',
        data: { productId },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.put(
    '/myProducts/:productId/availability',
    {
      config: {
        ...commandConfig,
        auth: 'seller',
        fieldMessages: { available: 'available is required' },
      },
      schema: {
        tags: ['products'],
        summary: 'Take an own unsold product off sale, or put it back (its seller)',
        params: ProductParams,
        body: Type.Object({ available: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: request.body.available ? 'MarkProductAvailable' : 'MarkProductUnavailable',
        data: { productId },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.patch(
    '/myProducts/:productId',
    {
      config: { ...commandConfig, auth: 'seller', fieldMessages: listingChangeMessages },
      schema: {
        tags: ['products'],
        summary:
          'Change the price, condition, description or picture of an own listing (its seller)',
        description:
          'Each field given that differs from the listing is one event (a new price joins the ' +
          'price history); the others stay as they are. Only a listing on sale or taken off sale ' +
          'changes: 409 while a booking is pending, once sold, withdrawn or deleted. `picture` is ' +
          'the URL POST /images answered (or the image name in it).',
        params: ProductParams,
        body: ListingChanges,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { sellingPrice, condition, about, picture } = request.body;
      if ([sellingPrice, condition, about, picture].every((field) => field === undefined))
        throw new HttpProblem(
          400,
          'Send at least one of sellingPrice, condition, about and picture to change',
        );
      const { changed, position } = await changeProduct(request, productId, {
        type: 'EditProduct',
        data: {
          productId,
          sellingPrice,
          condition,
          about,
          picture:
            picture === undefined
              ? undefined
              : ownImageName(app.config.PUBLIC_URL, picture, 'picture'),
        },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.post(
    '/myProducts/:productId/withdraw',
    {
      config: { ...commandConfig, auth: 'seller' },
      schema: {
        tags: ['products'],
        summary: 'Take an own listing off the site for good (its seller)',
        description:
          'It leaves every public list and its page; the seller still sees it, withdrawn. ' +
          '409 while a booking is pending or once sold; withdrawing it again changes nothing.',
        params: ProductParams,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: 'WithdrawProduct',
        data: { productId, reason: 'seller-withdrew' },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.post(
    '/myProducts/:productId/sold',
    {
      config: { ...commandConfig, auth: 'seller' },
      schema: {
        tags: ['products'],
        summary: 'Mark an own listing sold outside the site (its seller)',
        description:
          "It leaves the public lists and counts among the seller's completed sales; its page " +
          'says sold. 409 while a booking is pending, once withdrawn or sold through a booking; ' +
          'marking it again changes nothing.',
        params: ProductParams,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: 'MarkProductSoldElsewhere',
        data: { productId },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.delete(
    '/reportedProducts/:productId',
    {
      config: { ...commandConfig, auth: 'admin', fieldMessages: moderationMessages },
      preValidation: noBodyAsNull,
      schema: {
        tags: ['moderation'],
        summary: 'Delete a reported product for good, saying why (admins)',
        description:
          "409 while another admin holds its case; a free case is claimed in the same step. Without a payload (the spec's call) the reason is 'not given'.",
        params: ProductParams,
        body: Type.Union([ModerationRequest, Type.Null()]),
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const actor = actorOfRequest(request);
      const { changed, position } = await changeProduct(request, productId, {
        type: 'DeleteReportedProduct',
        data: {
          productId,
          adminName: actor.name || actor.email,
          reason: request.body?.reason ?? 'not given',
        },
      });
      return { acknowledged: true, deletedCount: changed, position };
    },
  );

  app.post(
    '/reportedProducts/:productId/claim',
    {
      config: { ...commandConfig, auth: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: "Claim a listing's case before acting on it (admins)",
        description:
          'The other admins see who holds it and cannot act on it (409 "This listing is being ' +
          'reviewed by <name>") until it is released or acted on. Claiming it again changes nothing.',
        params: ProductParams,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const actor = actorOfRequest(request);
      const { changed, position } = await changeProduct(request, productId, {
        type: 'ClaimCase',
        data: { productId, adminName: actor.name || actor.email },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.post(
    '/reportedProducts/:productId/release',
    {
      config: { ...commandConfig, auth: 'admin' },
      schema: {
        tags: ['moderation'],
        summary: 'Let go of a claimed case without acting on it (the admin holding it)',
        params: ProductParams,
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: 'ReleaseCase',
        data: { productId },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  const moderationActions = [
    {
      path: 'dismiss',
      type: 'DismissReports',
      summary: 'Dismiss the open reports: the listing stays as it is (the admin holding the case)',
    },
    {
      path: 'hide',
      type: 'HideProduct',
      summary:
        'Hide the listing from every public page at once; its seller sees why (the admin holding the case)',
    },
    {
      path: 'restore',
      type: 'RestoreProduct',
      summary: 'Put a hidden listing back on the public pages (the admin holding the case)',
    },
  ] as const;
  for (const { path, type, summary } of moderationActions)
    app.post(
      `/reportedProducts/:productId/${path}`,
      {
        config: { ...commandConfig, auth: 'admin', fieldMessages: moderationMessages },
        schema: {
          tags: ['moderation'],
          summary,
          description:
            '409 without a claim on the case, while another admin holds it, or when the listing ' +
            'is not in a state the action applies to.',
          params: ProductParams,
          body: ModerationRequest,
          response: { 200: Modified },
        },
      },
      async (request) => {
        const { productId } = request.params;
        const { changed, position } = await changeProduct(request, productId, {
          type,
          data: { productId, reason: request.body.reason },
        });
        return { acknowledged: true, modifiedCount: changed, position };
      },
    );

  app.post(
    '/myProducts/:productId/review',
    {
      config: {
        ...commandConfig,
        auth: 'seller',
        fieldMessages: { note: 'Keep the note to 200 characters' },
      },
      preValidation: noBodyAsNull,
      schema: {
        tags: ['moderation'],
        summary: 'Ask the admins to review an own hidden listing (its seller)',
        description: 'Asking again while a request waits changes nothing.',
        params: ProductParams,
        body: Type.Union([
          Type.Object(
            { note: Type.Optional(Type.String({ maxLength: 200 })) },
            { additionalProperties: false, examples: [{ note: 'I corrected the price' }] },
          ),
          Type.Null(),
        ]),
        response: { 200: Modified },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const { changed, position } = await changeProduct(request, productId, {
        type: 'RequestReview',
        data: { productId, note: request.body?.note ?? null },
      });
      return { acknowledged: true, modifiedCount: changed, position };
    },
  );

  app.post(
    '/bookings',
    {
      config: { ...commandConfig, auth: 'user', fieldMessages: { buyerName: 'name is required' } },
      schema: {
        tags: ['bookings'],
        summary: "Book a product in one's own name (signed in)",
        description:
          'A product is booked once: of concurrent bookings exactly one succeeds, the others get 409 "This product is already booked". ' +
          'The booking is pending until the seller accepts or declines it or the buyer cancels it (POST /bookings/{bookingId}/accept, /decline, /cancel); unanswered, it expires BOOKING_EXPIRY_HOURS later and the product is on sale again.',
        body: BookingRequest,
        response: { 201: Inserted },
      },
    },
    async (request, reply) => {
      const actor = actorOfRequest(request);
      const { productId, buyerName, phone, address } = request.body;
      const email = request.body.email.toLowerCase();
      if (email !== actor.email) throw forbidden('You can only book in your own name');
      // Time-ordered ids: the booking's stream, its document and both events' ids are appended
      // next to the previous booking's in the files' indexes.
      const bookingId = timeOrderedUuid();
      const metadata = commandMetadata(request, actor);
      // The product stream decides, with its expected revision: one winner per product. The
      // booking's stream is new (its id was made above), so its BookingPlaced is decided from
      // the ProductBooked without a read and appended with it: the embedded log commits both at
      // once. Where a store appends them one after the other (EventStoreDB) and this process
      // dies in between, the workers' booking reactor places the booking.
      const booked = await app.handleCommand(
        productStreamId(productId),
        productDecider,
        {
          type: 'BookProduct',
          data: {
            productId,
            bookingId,
            buyerName,
            email,
            phone: phone ?? '',
            address: address ?? '',
            expiresAt: new Date(
              Date.parse(metadata.now) + app.config.BOOKING_EXPIRY_HOURS * 3_600_000,
            ).toISOString(),
          },
          metadata,
        },
        {
          newEventId,
          followedBy: placeBookingAfter(metadata, newEventId),
          // A deleted seller sells nothing: their account can no longer answer a booking (the
          // workers withdraw their listings soon after; this holds from the deletion on).
          precondition: async (product) => {
            if (product.status === 'empty' || product.status === 'deleted') return;
            const seller = await app.auth.loadUser(product.listing.sellerUid);
            if (seller.status === 'deleted')
              throw new HttpProblem(
                409,
                "This product is no longer on sale: its seller's account was deleted",
              );
          },
        },
      );
      return reply
        .code(201)
        .send({ acknowledged: true, insertedId: bookingId, position: booked.position });
    },
  );
}
