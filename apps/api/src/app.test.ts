import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MEMBERSHIP_PRODUCT_SLUG } from '@fretline/contract';
import { seed } from '@fretline/db';
import { createTestDatabase } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { testConfig } from './config.ts';
import { createMediaStore, type MediaStore } from './platform/media/index.ts';
import type { PaymentProvider } from './services/finance/index.ts';

// ADR 0051: the adapters are built once by buildApp, and a caller may hand it its own.
describe('buildApp with adapters of the caller’s own', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    await seed(database.handle.db);
    const refuse = () => Promise.reject(new Error('not used in this test'));
    const paymentProvider: PaymentProvider = {
      name: 'stripe',
      createSubscription: refuse,
      replacePaymentMethod: refuse,
      detachPaymentMethod: refuse,
      cancelSubscription: refuse,
      undoCancellation: refuse,
      pauseSubscription: refuse,
      resumeSubscription: refuse,
      applyDiscount: refuse,
      changePlan: refuse,
      creditBalance: refuse,
      createCoupon: refuse,
    };
    const config = testConfig();
    const real = createMediaStore({ secret: config.SECRET_KEY, mediaDir: config.MEDIA_DIR });
    const mediaStore: MediaStore = { ...real, signedUrl: (mediaPath) => `/stub-media/${mediaPath}` };
    app = await buildApp({ config, db: database.handle, paymentProvider, mediaStore });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('offers the payment provider it was given, not the one PAYMENTS names', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/finance/subscription-products/slug/${MEMBERSHIP_PRODUCT_SLUG}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription_product.payment_provider).toBe('stripe');
  });

  it('signs media URLs with the media store it was given', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/videos/courses' });
    expect(res.statusCode).toBe(200);
    const images = (res.json().data.courses as { course_image: string | null }[]).map((c) => c.course_image).filter(Boolean);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toMatch(/^\/stub-media\//);
  });
});
