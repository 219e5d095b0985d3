import helmet from 'helmet';

/**
 * helmet's headers on every response: `nosniff`, no framing, no referrer. The Content-Security-Policy is the
 * one the documentation page needs (its scripts, styles and images come from this service; Swagger UI sets
 * inline styles and draws data: images) and forbids everything else, so it suits the JSON answers too.
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
});
