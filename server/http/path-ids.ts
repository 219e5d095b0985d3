import type { AnyProcedure } from '@trpc/server';
import type { RequestHandler } from 'express';
import { AppError } from '../app-error.js';
import { restOperations } from '../openapi/operations.js';
import { appRouter } from '../routers/_app.js';
import { isCoercedNumber, type ZodLike } from '../trpc/json-numbers.js';
import { sendError } from './send-error.js';

interface IdRoute {
  method: string;
  pattern: RegExp;
  /** The path parameters that are numbers, with their capture group numbers. */
  numbers: { name: string; group: number }[];
}

const CANONICAL_ID = /^[1-9][0-9]*$/;

function idRoutes(): IdRoute[] {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return restOperations().flatMap((operation) => {
    const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    const inputs = (procedures[operation.procedure]!._def as unknown as { inputs: ZodLike[] }).inputs;
    const numbers = names.flatMap((name, index) => (inputs.some((input) => isCoercedNumber(input._zod.def.shape?.[name])) ? [{ name, group: index + 1 }] : []));
    if (numbers.length === 0) return [];
    const source = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)');
    // Case-insensitive, as the adapter matches paths.
    return [{ method: operation.method, pattern: new RegExp(`^${source}/?$`, 'i'), numbers }];
  });
}

/**
 * The REST adapter turns a path id into a number with `Number()`, which reads `0x10`, `1.0`, `1e1` and
 * `" 1"` as ids. Only the decimal digits of a positive integer are an id: anything else is 400 invalid_input.
 */
export function canonicalPathIds(): RequestHandler {
  const routes = idRoutes();
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0]!;
    for (const route of routes) {
      if (route.method !== req.method) continue;
      const match = route.pattern.exec(path);
      const wrong = match ? route.numbers.filter(({ group }) => !CANONICAL_ID.test(match[group]!)) : [];
      if (wrong.length > 0) {
        const issues = wrong.map(({ name }) => ({ path: name, message: 'Must be a positive whole number written in decimal digits.' }));
        return sendError(req, res, new AppError('invalid_input', { issues }));
      }
    }
    next();
  };
}
