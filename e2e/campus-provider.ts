// A real OpenID provider for the browser tests that need campus sign-in: oidc-provider over https
// with a throwaway certificate that the server started next trusts (NODE_EXTRA_CA_CERTS), and the
// server's OIDC_* settings pointed at it.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type CampusIdp, startCampusIdp } from '../server/test/campus-idp.js';
import { freePort } from './harness.js';

export interface CampusProvider {
  idp: CampusIdp;
  /** The port the Kindred server must listen on (the provider knows its redirect address). */
  port: number;
  close(): Promise<void>;
}

/** Starts the provider and sets the environment the server started next (startServer({ port })) reads. */
export async function startCampusProvider(): Promise<CampusProvider> {
  const certDir = await mkdtemp(path.join(tmpdir(), 'kindred-e2e-idp-'));
  const key = path.join(certDir, 'key.pem');
  const cert = path.join(certDir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  const idp = await startCampusIdp({ redirectUri: `${url}/api/auth/oidc/callback`, postLogoutRedirectUri: `${url}/auth`, tls: { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') } });
  Object.assign(process.env, { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, NODE_EXTRA_CA_CERTS: cert });
  return {
    idp,
    port,
    close: async () => {
      await idp.close();
      await rm(certDir, { recursive: true, force: true });
    },
  };
}
