/** Area health batches for the tests: an area's routes and builds, a session's proof, events and their posting. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import type { TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { API, call } from '../helpers';

export interface AreaInfo {
  name: string;
  route: string;
  stable: string;
}

/** An area's first route and its stable version (the registry as administrators see it). */
export async function areaOf(app: FastifyInstance, adminToken: string, name: string): Promise<AreaInfo> {
  const areas: RemoteArea[] = (await call(app, 'GET', '/system/remote/list', adminToken)).json().data;
  const area = areas.find((a) => a.name === name)!;
  return { name, route: area.routes[0], stable: area.stable.version };
}

/** The telemetry proof the manifest gives the session of `token`. */
export async function proofOf(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, 'GET', '/system/remote/manifest', token);
  return res.json().data.telemetry_proof;
}

/** An event of `area`'s stable build on its first route (`extra` overrides). */
export function eventOf(area: AreaInfo, kind: TelemetryEventInput['kind'], extra: Partial<TelemetryEventInput> = {}): TelemetryEventInput {
  return { kind, area: area.name, version: area.stable, cohort: 'stable', route: area.route, browser: 'chrome', ...extra };
}

/** POST /telemetry as sendBeacon sends a string (text/plain) unless told otherwise. */
export function postBatch(app: FastifyInstance, batch: unknown, contentType = 'text/plain;charset=UTF-8'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${API}/telemetry`, headers: { 'content-type': contentType }, payload: JSON.stringify(batch) });
}

/** Sends `events` in batches of the largest size; each must be taken (204). */
export async function sendEvents(app: FastifyInstance, proof: string, events: TelemetryEventInput[]): Promise<void> {
  for (let start = 0; start < events.length; start += TELEMETRY_LIMITS.batchEvents) {
    const res = await postBatch(app, { proof, events: events.slice(start, start + TELEMETRY_LIMITS.batchEvents) });
    if (res.statusCode !== 204) throw new Error(`telemetry batch refused: ${res.statusCode} ${res.body}`);
  }
}
