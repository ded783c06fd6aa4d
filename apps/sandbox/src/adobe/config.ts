/**
 * The sandbox's Adobe Pass emulation: the realm's TV provider entries, the requestor, its TV
 * operators (MVPDs) with their packages, the operators' own accounts and the software statement
 * the sandbox issues for dynamic client registration (docs/sandbox.md "Adobe Pass and TV").
 * Implements identity-and-routes.md §3 "TV-provider", "Adobe registration" (sandbox side).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AuthProvider } from '@stream/core/contracts';
import { LICENCE_IDS } from '../seed/catalogue.js';

/** The path the Adobe emulation answers under, on the sandbox's own origin. */
export const ADOBE_PATH = '/_adobe';

/** The requestor (the platform's Adobe requestor id) and its one resource. */
export const ADOBE_REQUESTOR = { id: 'stream', displayName: 'Stream', resourceId: 'stream' } as const;

/** The key the sandbox signs its software statements with (a sandbox secret, not a real one). */
const STATEMENT_KEY = 'stream-sandbox-adobe-software-statement-key';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string) => createHmac('sha256', STATEMENT_KEY).update(input).digest('base64url');

/** Builds an HS256 software statement for `softwareId` signed by the sandbox. */
export function issueSoftwareStatement(softwareId: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ iss: 'sandbox-adobe', software_id: softwareId, software_version: '1', iat: 1_767_225_600 })}`;
  return `${head}.${sign(head)}`;
}

/** The realm's software statement (the `softwareStatement` of the ADOBE_DCR entry). */
export const ADOBE_SOFTWARE_STATEMENT = issueSoftwareStatement('stream-web');

/**
 * The software id of `statement` when it is one the sandbox issued (signature checked in
 * constant time), else null. Never throws.
 */
export function verifySoftwareStatement(statement: string): string | null {
  const parts = statement.trim().split('.');
  if (parts.length !== 3) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { software_id?: unknown };
    return typeof payload.software_id === 'string' && payload.software_id !== '' ? payload.software_id : null;
  } catch {
    return null;
  }
}

/**
 * The full realm's TV provider entries (identity-and-routes.md §3): Adobe DCR and Adobe
 * Primetime against the emulation. `baseUri` is relative: the web resolves it against the API
 * base URL.
 */
export const ADOBE_AUTH_PROVIDERS: AuthProvider[] = [
  {
    name: 'ADOBE_DCR',
    displayName: 'TV provider',
    baseUri: ADOBE_PATH,
    softwareStatement: ADOBE_SOFTWARE_STATEMENT,
    requestorId: ADOBE_REQUESTOR.id,
    resourceId: ADOBE_REQUESTOR.resourceId,
  },
  {
    name: 'ADOBE',
    displayName: 'TV provider (Primetime)',
    baseUri: ADOBE_PATH,
    requestorId: ADOBE_REQUESTOR.id,
    resourceId: ADOBE_REQUESTOR.resourceId,
  },
];

/** One TV operator of the requestor configuration. */
export interface Operator {
  /** Adobe's `mso_id`. */
  id: string;
  displayName: string;
  featured: boolean;
  /** Logo colour (the SVG logo is drawn from it and the initials). */
  colour: string;
  /** The licences the operator's package includes (granted by entitlement sync); empty = not entitled. */
  licenceIds: readonly string[];
}

const L = LICENCE_IDS;

/** The twelve operators, in the configuration's order (featured first). */
export const OPERATORS: readonly Operator[] = [
  { id: 'northwind', displayName: 'Northwind Cable', featured: true, colour: '#1d4ed8', licenceIds: [L.sportsPremium, L.cinema] },
  { id: 'bluewave', displayName: 'BlueWave TV', featured: true, colour: '#0e7490', licenceIds: [L.sportsBasic] },
  { id: 'skyline', displayName: 'Skyline Fibre', featured: true, colour: '#7c3aed', licenceIds: [L.cinemaPlus] },
  { id: 'metrovision', displayName: 'MetroVision', featured: true, colour: '#b91c1c', licenceIds: [L.sportsPremium] },
  { id: 'harbor', displayName: 'Harbor Broadband', featured: false, colour: '#047857', licenceIds: [L.sportsBasic] },
  { id: 'summit', displayName: 'Summit Satellite', featured: false, colour: '#4338ca', licenceIds: [L.cinema] },
  { id: 'riverside', displayName: 'Riverside Cable', featured: false, colour: '#0369a1', licenceIds: [L.sportsBasic] },
  { id: 'pinecrest', displayName: 'Pinecrest Digital', featured: false, colour: '#15803d', licenceIds: [L.sportsPremium] },
  { id: 'lakeshore', displayName: 'Lakeshore TV', featured: false, colour: '#1e40af', licenceIds: [L.cinema] },
  { id: 'desertsun', displayName: 'Desert Sun Networks', featured: false, colour: '#c2410c', licenceIds: [L.sportsBasic] },
  { id: 'coastal', displayName: 'Coastal Connect', featured: false, colour: '#0f766e', licenceIds: [L.cinemaPlus] },
  { id: 'prairie', displayName: 'Prairie Telecom', featured: false, colour: '#a16207', licenceIds: [] },
];

/** The operator with `id`, if any. */
export function operatorById(id: string): Operator | undefined {
  return OPERATORS.find((operator) => operator.id === id);
}

/** The channels of the requestor configuration. */
export const CHANNELS = [
  { id: 'stream-sports', displayName: 'Stream Sports' },
  { id: 'stream-cinema', displayName: 'Stream Cinema' },
] as const;

/** An account at a TV operator (not a platform account). */
export interface OperatorAccount {
  mvpdId: string;
  /** The operator's stable id of the subscriber. */
  subject: string;
  email: string;
  password: string;
  name: string;
}

/** The operators' accounts: `tv.viewer@<id>.test` for each, plus a second one at Northwind. Password `tv-password`. */
export const OPERATOR_ACCOUNTS: readonly OperatorAccount[] = [
  ...OPERATORS.map((operator) => ({
    mvpdId: operator.id,
    subject: `${operator.id}-subscriber-1`,
    email: `tv.viewer@${operator.id}.test`,
    password: 'tv-password',
    name: `${operator.displayName} Viewer`,
  })),
  { mvpdId: 'northwind', subject: 'northwind-subscriber-2', email: 'tv.second@northwind.test', password: 'tv-password', name: 'Second Northwind Viewer' },
];

/** The SVG logo of `operator`: a rounded square in its colour with its initials. */
export function operatorLogoSvg(operator: Operator): string {
  const initials = operator.displayName
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80" role="img" aria-label="${operator.displayName}">` +
    `<rect width="160" height="80" rx="12" fill="${operator.colour}"/>` +
    `<text x="80" y="52" font-family="system-ui,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}
