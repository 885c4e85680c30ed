import type { ServerConfig } from '../config'

/**
 * The address a certificate gives for its record — the printed link and the QR code, on a single
 * certificate and in a batch (audit s9 F10): APP_URL, the address users open the app at, as the review
 * mail links records. Never the request's Host header, which the caller chooses: a supplier could
 * otherwise have the server print genuine certificates whose QR "verification" leads to a site of its
 * own. Without APP_URL the certificate gives the path ('/Records/7', "in the app"), which is true on
 * every address the app is served from, as the review mail does; the operator sets APP_URL for a full
 * link (docs/operations.md).
 */
export function certificateOrigin(settings: Pick<ServerConfig, 'publicUrl'>): string {
  return settings.publicUrl ?? ''
}
