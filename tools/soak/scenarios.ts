/**
 * The soak's mix: what a signed-in member's browser asks of the server, action by action, with
 * the same routes, bodies and headers as the web app (the api.ts of each feature in web/src/features). An action is
 * one thing a member does (open the feed, open a profile); it is one to three requests, each
 * recorded under its own kind. Weights are per action (docs/benchmarks-soak.md explains them).
 */
import type { HttpClient, Reply, RequestOptions } from './http.js';
import { multipart } from './http.js';
import type { Recorder } from './stats.js';

export type ActionName = 'feed' | 'profile' | 'search' | 'like' | 'inbox' | 'message' | 'upload' | 'signin';

/** The mix, per 100 actions: mostly reading, as members use the app. */
export const MIX: ReadonlyArray<{ action: ActionName; weight: number; requests: string }> = [
  { action: 'feed', weight: 24, requests: 'GET /api/moments/recommended (the moments grid)' },
  { action: 'profile', weight: 22, requests: 'GET /api/profiles/:id, then GET /api/likes/:id (the profile dialog and its like button)' },
  { action: 'search', weight: 18, requests: 'POST /api/search' },
  { action: 'inbox', weight: 14, requests: 'GET /api/messages?box=inbox&limit=30, then POST /api/messages/:id/read when one is unread' },
  { action: 'like', weight: 12, requests: 'PUT /api/likes/:id, or DELETE when already liked' },
  { action: 'message', weight: 5, requests: 'POST /api/messages to another virtual user (a notification mail goes out over SMTP)' },
  { action: 'signin', weight: 3, requests: 'POST /api/auth/logout, POST /api/auth/login, GET /api/auth/session' },
  { action: 'upload', weight: 2, requests: 'POST /api/moments, multipart: one 1280 × 960 JPEG photo and a caption' },
];

export interface VirtualUser {
  index: number;
  email: string;
  /** Their in-product address (`vu<n>@kindred.local`), where other virtual users write. */
  mailbox: string;
  profileId: string;
  /** The address a proxy would have seen them at (X-Forwarded-For): each virtual user has their own. */
  ip: string;
  /** The session cookie, `name=value`; undefined until signed in, or after a 401. */
  cookie: string | undefined;
  liked: Set<string>;
  /** Profiles they recently saw in search results and the feed (the next dialog or like picks one). */
  seen: string[];
}

export interface SoakWorld {
  client: HttpClient;
  password: string;
  users: readonly VirtualUser[];
  /** Every member's profile id. */
  profileIds: readonly string[];
  /** Photos to upload (JPEG). */
  photos: readonly Buffer[];
  queries: readonly string[];
  recorder: Recorder;
  /** performance.now() at the run's start: records' times are relative to it. */
  t0: number;
  random: () => number;
}

/** A small seeded random source (mulberry32), so runs draw the same mix. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The mix dealt like cards: each run of 100 actions holds every action exactly its weight's times,
 * in shuffled order, so any stretch of the run (the first and last windows) sees the same mix.
 */
export class Deck {
  private cards: ActionName[] = [];

  constructor(private readonly random: () => number) {}

  next(): ActionName {
    if (this.cards.length === 0) {
      this.cards = MIX.flatMap((m) => Array<ActionName>(m.weight).fill(m.action));
      for (let i = this.cards.length - 1; i > 0; i -= 1) {
        const j = Math.floor(this.random() * (i + 1));
        [this.cards[i], this.cards[j]] = [this.cards[j]!, this.cards[i]!];
      }
    }
    return this.cards.pop()!;
  }
}

const SESSION_COOKIE = /^(__Host-)?kindred\.sid=/;
const SEEN_MAX = 60;

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function remember(vu: VirtualUser, profileIds: Iterable<string>): void {
  for (const id of profileIds) if (id !== vu.profileId) vu.seen.push(id);
  if (vu.seen.length > SEEN_MAX) vu.seen.splice(0, vu.seen.length - SEEN_MAX);
}

/** Another member's profile: one they saw lately, or anyone's. */
function target(world: SoakWorld, vu: VirtualUser): string {
  if (vu.seen.length > 0 && world.random() < 0.8) return pick(world.random, vu.seen);
  for (;;) {
    const id = pick(world.random, world.profileIds);
    if (id !== vu.profileId) return id;
  }
}

function parse<T>(reply: Reply): T | undefined {
  try {
    return JSON.parse(reply.body) as T;
  } catch {
    return undefined;
  }
}

/**
 * One action of one virtual user, due at `due` (performance.now() time): its requests run one
 * after another, each recorded with its latency from when it was due (the first from the action's
 * arrival, so waiting for a free virtual user counts; the next from the previous one's answer).
 * A request that fails ends the action, as an error toast would. A 401 forgets the session: the
 * user's next action signs in again.
 */
export async function runAction(world: SoakWorld, vu: VirtualUser, action: ActionName, due: number): Promise<void> {
  let dueAt = due;
  const call = async (kind: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', route: string, expected: number, options: RequestOptions = {}): Promise<Reply | undefined> => {
    let reply: Reply | undefined;
    let detail: string | undefined;
    try {
      reply = await world.client.request(method, route, {
        ...options,
        cookie: options.cookie ?? vu.cookie,
        headers: { 'x-forwarded-for': vu.ip, 'x-forwarded-proto': 'https' },
      });
    } catch (error) {
      detail = error instanceof Error ? error.message : String(error);
    }
    const end = performance.now();
    const failed = reply?.status !== expected;
    if (failed && reply) detail = reply.body.slice(0, 200);
    world.recorder.add({ kind, at: dueAt - world.t0, latencyMs: end - dueAt, status: reply?.status ?? 0, failed }, detail);
    dueAt = end;
    if (reply?.status === 401) vu.cookie = undefined;
    return failed ? undefined : reply;
  };

  if (vu.cookie === undefined) action = 'signin';
  switch (action) {
    case 'feed': {
      const reply = await call('feed', 'GET', '/api/moments/recommended', 200);
      const feed = reply && parse<{ moments?: Array<{ author?: { profileId?: string } }> }>(reply);
      remember(vu, (feed?.moments ?? []).slice(0, 12).flatMap((m) => (m.author?.profileId ? [m.author.profileId] : [])));
      return;
    }
    case 'profile': {
      const id = target(world, vu);
      if (!(await call('profile', 'GET', `/api/profiles/${id}`, 200))) return;
      await call('like state', 'GET', `/api/likes/${id}`, 200);
      return;
    }
    case 'search': {
      const reply = await call('search', 'POST', '/api/search', 200, { json: { query: pick(world.random, world.queries) } });
      const found = reply && parse<{ results?: Array<{ id?: string }> }>(reply);
      remember(vu, (found?.results ?? []).slice(0, 10).flatMap((r) => (r.id ? [r.id] : [])));
      return;
    }
    case 'inbox': {
      const reply = await call('inbox', 'GET', '/api/messages?box=inbox&limit=30', 200);
      const page = reply && parse<{ messages?: Array<{ id: string; isRead: boolean }> }>(reply);
      const unread = page?.messages?.find((m) => !m.isRead);
      if (unread) await call('mark read', 'POST', `/api/messages/${unread.id}/read`, 200);
      return;
    }
    case 'like': {
      const id = target(world, vu);
      const liked = vu.liked.has(id);
      if (await call(liked ? 'unlike' : 'like', liked ? 'DELETE' : 'PUT', `/api/likes/${id}`, 200)) {
        if (liked) vu.liked.delete(id);
        else vu.liked.add(id);
      }
      return;
    }
    case 'message': {
      let to = pick(world.random, world.users);
      while (to === vu) to = pick(world.random, world.users);
      await call('message', 'POST', '/api/messages', 201, {
        json: { to: to.mailbox, subject: `Hello from member ${vu.index}`, content: `Hi! I saw your profile and would like to meet for coffee this week.\n\n— ${vu.index}` },
      });
      return;
    }
    case 'upload': {
      const photo = pick(world.random, world.photos);
      const body = multipart([
        { name: 'type', value: 'image' },
        { name: 'images', filename: 'IMG_2041.jpg', type: 'image/jpeg', data: photo },
        { name: 'caption', value: 'A good afternoon out' },
      ]);
      await call('upload', 'POST', '/api/moments', 201, { body });
      return;
    }
    case 'signin': {
      if (vu.cookie !== undefined && !(await call('logout', 'POST', '/api/auth/logout', 204))) return;
      vu.cookie = undefined;
      const reply = await call('login', 'POST', '/api/auth/login', 200, { json: { email: vu.email, password: world.password }, cookie: '' });
      const cookie = reply?.cookies.find((c) => SESSION_COOKIE.test(c));
      if (!reply) return;
      if (!cookie) {
        world.recorder.add({ kind: 'login', at: dueAt - world.t0, latencyMs: 0, status: reply.status, failed: true }, 'no session cookie');
        return;
      }
      vu.cookie = cookie;
      await call('session', 'GET', '/api/auth/session', 200);
      return;
    }
  }
}

/** Signs a virtual user in outside the measured run (the setup's first sign-in). */
export async function signIn(client: HttpClient, vu: VirtualUser, password: string): Promise<void> {
  const reply = await client.request('POST', '/api/auth/login', {
    json: { email: vu.email, password },
    headers: { 'x-forwarded-for': vu.ip, 'x-forwarded-proto': 'https' },
  });
  const cookie = reply.cookies.find((c) => SESSION_COOKIE.test(c));
  if (reply.status !== 200 || !cookie) throw new Error(`signing in ${vu.email} failed: ${reply.status} ${reply.body.slice(0, 200)}`);
  vu.cookie = cookie;
}

/** Virtual users wait here between actions; an action takes a free one, first come first served. */
export class UserPool {
  private readonly idle: VirtualUser[];
  private readonly waiting: Array<(vu: VirtualUser | undefined) => void> = [];
  private closed = false;
  /** Actions that found no free virtual user and waited. */
  waits = 0;

  constructor(users: readonly VirtualUser[], random: () => number) {
    this.idle = [...users];
    for (let i = this.idle.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [this.idle[i], this.idle[j]] = [this.idle[j]!, this.idle[i]!];
    }
  }

  /** A free virtual user, or undefined once the pool is closed (the action is then never sent). */
  acquire(): Promise<VirtualUser | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    const vu = this.idle.shift();
    if (vu) return Promise.resolve(vu);
    this.waits += 1;
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(vu: VirtualUser): void {
    const next = this.waiting.shift();
    if (next) next(vu);
    else this.idle.push(vu);
  }

  /** Ends the run: actions still waiting for a user are never sent; returns how many. */
  close(): number {
    this.closed = true;
    const cancelled = this.waiting.splice(0);
    for (const resolve of cancelled) resolve(undefined);
    return cancelled.length;
  }
}
