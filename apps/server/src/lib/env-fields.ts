import { z } from 'zod';

/** Field shapes the modules' environment schemas share (each module's env.ts spreads into config.ts). */

/** A whole number of milliseconds between `min` and `max`. */
export const milliseconds = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const httpUrl = z.url({ protocol: /^https?$/ });

/** An http(s) URL that paths are appended to, kept without its trailing slashes. */
export const baseUrl = (fallback: string) =>
  httpUrl.default(fallback).transform((value) => value.replace(/\/+$/, ''));

/** The path an API is mounted under, such as `/cep`. */
export const mountPath = (fallback: string) =>
  z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, `must be a path such as ${fallback}`)
    .default(fallback);

/** A comma-separated list, items trimmed and empty ones dropped. */
export const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
