/** The HTTP-only routes' OpenAPI examples (contracts/src/http-routes.ts): request parts and JSON answers. */
import type { HttpRouteName, httpRoutes } from '@lectio/contracts/http-routes';
import type { z } from 'zod';
import { CERTIFICATE_ID, ids, lecture, signedVideoUrl, VIDEO_KEY } from './example-fixtures.js';

/** An HTTP-only route's example: its JSON response (none for binary downloads) and its request parts. */
export interface HttpRouteExample<N extends HttpRouteName> {
  /** Path parameters and query string. */
  parameters?: Record<string, string>;
  /** Multipart text fields, or the raw JSON body. */
  body?: Record<string, unknown>;
  response?: z.input<(typeof httpRoutes)[N]['response']>;
}

export const httpRouteExamples: { [N in HttpRouteName]: HttpRouteExample<N> } = {
  'meta.openapi': {
    response: { openapi: '3.1.0', info: { title: 'Lectio API', version: '1.4.0' }, paths: {} },
  },
  'lectures.upload': {
    body: {
      title: 'Setting up the project',
      description: 'Create the repository, install the tools and run the first build.',
      courseId: ids.course,
      isPreview: 'true',
    },
    response: { message: 'Lecture created successfully', data: { lecture } },
  },
  'media.upload': {
    body: {
      key: VIDEO_KEY,
      contentType: 'video/mp4',
      maxBytes: '2147483648',
      expires: '1775149512',
      signature: 'c2lnbmVkIHVwbG9hZCB0YXJnZXQgZm9yIHRoZSBrZXk',
    },
    response: { public_id: VIDEO_KEY, secure_url: signedVideoUrl, duration: 754.2 },
  },
  'media.download': {
    parameters: { key: VIDEO_KEY, expires: '1775149512', signature: 'Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU' },
  },
  'video.masterPlaylist': {
    parameters: {
      lectureId: ids.lecture,
      expires: '1775149512',
      signature: 'Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU',
    },
  },
  'video.variantPlaylist': {
    parameters: {
      lectureId: ids.lecture,
      rendition: '480p',
      expires: '1775149512',
      signature: 'Qm9vdHN0cmFwIHRoZSBzaWduYXR1cmU',
    },
  },
  'certificates.pdf': { parameters: { id: CERTIFICATE_ID } },
  'purchases.receipt': { parameters: { paymentId: ids.payment } },
  'payment.webhook': {
    body: {
      id: 'evt_1PqR2sT3uV4wX5yZ',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_3PqR2sT3uV4wX5yZ', object: 'payment_intent', status: 'succeeded' } },
    },
    response: { received: true },
  },
};
