import type { FastifyInstance, FastifyReply } from 'fastify';
import { answer } from '../calls/answers.ts';
import { requestLanguage } from '../calls/registerCalls.ts';
import { AppError } from '../errors.ts';
import { ownOrigin } from '../payments/ownOrigin.ts';
import type { Services } from '../services/container.ts';

/**
 * Payment routes that are not console calls: the QR code's link (opened on a phone, with no
 * session) and the payment provider's webhook (signed by the provider, not by us).
 */
export function paymentRoutes(app: FastifyInstance, services: Services, publicUrl: string | null): void {
  app.get<{ Params: { orderId: string } }>('/v2/pay/:orderId', async (request, reply) => {
    // The configured public URL, else this server's own address: never the Host header (ownOrigin.ts).
    const origin = ownOrigin(request, publicUrl);
    try {
      return reply.redirect(await services.payments.checkoutFromCode(request.params.orderId.slice(0, 64), origin));
    } catch (error) {
      return sendCode(reply, error, requestLanguage(request));
    }
  });

  const stripe = services.stripe;
  if (!stripe) return;
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent, so this route keeps the body unparsed.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/v2/pay/stripe/webhook', async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) return reply.status(400).send({ received: false });
      let outcome;
      try {
        outcome = stripe.parseWebhook(request.body, signature);
      } catch {
        request.log.warn('Stripe webhook with a signature that does not verify; ignored');
        return reply.status(400).send({ received: false });
      }
      // Settled, duplicate, unknown or mismatched: all acknowledged, so Stripe stops retrying.
      const result = outcome ? await services.payments.settle(outcome, 'stripe') : 'ignored';
      return reply.send({ received: true, result });
    });
  });
}

function sendCode(reply: FastifyReply, error: unknown, language: ReturnType<typeof requestLanguage>) {
  if (error instanceof AppError) return reply.send(answer(error.code, language, error.data));
  throw error;
}

