// The worker's key for the photo sweep: the one credential that lets its Cron Trigger ask which
// photos of a page of the bucket nothing references (unreferenced_images), and nothing else. The
// database keeps only its SHA-256. `npm run deploy` makes a new one on every deploy, stores it
// with the service role and uploads it as the worker's IMAGE_SWEEP_KEY secret; the local stack
// and the tests call setImageSweepKey.
import { newStatsIngestKey, setWorkerKey } from './stats-key.ts';

/** A new random key (32 bytes, base64url), as the ingest key. */
export const newImageSweepKey = newStatsIngestKey;

/** Stores `key` as the sweep's key through the API, with the service role's secret key. */
export function setImageSweepKey(supabaseUrl: string, secretKey: string, key: string) {
  return setWorkerKey(supabaseUrl, secretKey, 'set_image_sweep_key', key);
}
