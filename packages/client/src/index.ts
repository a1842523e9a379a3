export {
  type Answer,
  type ClientOptions,
  type CotacepClient,
  createCotacepClient,
  type DailyOptions,
} from './client.ts';
export { CotacepApiError, type ResponseMeta } from './errors.ts';
