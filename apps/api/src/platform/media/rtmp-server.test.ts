import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECT,
  CREATE_STREAM,
  MALFORMED_RTMP,
  RTMP_COMMAND,
  RTMP_VIDEO,
  amf0,
  canConnect,
  openConnection,
  openRtmp,
  publishCommands,
  rtmpMessage,
  sendGarbage,
  type RtmpTestConnection,
} from '../../../test/rtmp-client.ts';
import { until } from '../../../test/live-helpers.ts';
import { MAX_COMMAND_MESSAGE_BYTES, MAX_MEDIA_MESSAGE_BYTES } from './rtmp-guard.ts';
import { startRtmpServer, type RtmpLimits, type RtmpServer } from './rtmp-server.ts';

// The RTMP listener against hostile clients (ADR 0070): a real listener on a loopback port and
// raw bytes over TCP. Each bad connection is closed alone, for the reason the listener logs; a
// publisher connected beside them keeps streaming. Keys starting `good` are accepted.

/** A reason that is none of the timers': the guard dropped the connection for what it sent. */
const NOT_TIMED_OUT = /^(?!not publishing in time$|idle$)./;
/** Why the listener dropped each connection, by the client's port. */
const dropped = new Map<number, string>();
const refused = new Set<number>();
const received: Buffer[] = [];
const publishes: string[] = [];
let server: RtmpServer;

async function listen(limits: Partial<RtmpLimits>): Promise<void> {
  server = await startRtmpServer({
    port: 0,
    host: '127.0.0.1',
    limits: { handshakeTimeoutMs: 60_000, idleTimeoutMs: 60_000, maxConnectionsPerAddress: 100, ...limits },
    onPublish: (publish) => {
      publishes.push(publish.key);
      if (publish.key.startsWith('good')) publish.accept((chunk) => received.push(chunk), () => {});
      else publish.reject();
    },
    log: {
      info: (obj: { port?: number; reason?: string }, msg: string) => {
        if (msg === 'RTMP connection dropped') dropped.set(obj.port!, obj.reason!);
        if (msg === 'RTMP connection refused: too many from this address') refused.add(obj.port!);
      },
      warn: () => {},
    },
  });
}

/** A publisher whose key was accepted. */
async function publisher(key: string): Promise<RtmpTestConnection> {
  const conn = await openRtmp(server.port);
  conn.socket.write(publishCommands(key));
  await until(async () => publishes.includes(key), 5000);
  return conn;
}

/** An H.264 sequence header carrying `marker`: it reaches the sink as it is. */
const videoWith = (marker: string) =>
  rtmpMessage(RTMP_VIDEO, Buffer.concat([Buffer.from([0x17, 0x00, 0, 0, 0]), Buffer.from(marker)]), { cid: 6, streamId: 1 });

/** `conn` still streams: a frame it sends now reaches the sink. */
async function stillStreams(conn: RtmpTestConnection, marker: string): Promise<void> {
  conn.socket.write(videoWith(marker));
  await until(async () => received.some((chunk) => chunk.includes(marker)), 5000);
}

/** Waits until `conn` is closed; returns why the listener dropped it (undefined: not by a limit). */
async function dropReason(conn: RtmpTestConnection): Promise<string | undefined> {
  await conn.closed;
  return dropped.get(conn.port);
}

describe('hostile input', () => {
  let bystander: RtmpTestConnection;
  beforeAll(async () => {
    await listen({});
    bystander = await publisher('good-bystander');
  });
  afterAll(() => server.close());

  it.each(MALFORMED_RTMP)('drops a connection that sends %s, and only that one', async (name, bytes) => {
    const conn = await openRtmp(server.port);
    conn.socket.write(bytes);
    expect(await dropReason(conn)).toMatch(NOT_TIMED_OUT);
    await stillStreams(bystander, `after ${name}`);
  });

  it('drops an accepted publisher that sends an empty video message', async () => {
    const conn = await publisher('good-empty-video');
    conn.socket.write(Buffer.concat([rtmpMessage(RTMP_VIDEO, Buffer.alloc(0), { cid: 6, streamId: 1 }), CREATE_STREAM]));
    expect(await dropReason(conn)).toMatch(NOT_TIMED_OUT);
    await stillStreams(bystander, 'after an empty video message');
  });

  it('drops connections that send random bytes, before or after the handshake', async () => {
    const conns = await sendGarbage(server.port);
    for (const reason of await Promise.all(conns.map(dropReason))) expect(reason).toMatch(NOT_TIMED_OUT);
    await stillStreams(bystander, 'after the garbage');
  });

  it('drops a message declared over the cap before it allocates it', async () => {
    // Before a publish is accepted, nothing larger than a command is taken.
    const stranger = await openRtmp(server.port);
    stranger.socket.write(rtmpMessage(RTMP_COMMAND, Buffer.alloc(16), { declaredLength: MAX_COMMAND_MESSAGE_BYTES + 1 }));
    expect(await dropReason(stranger)).toMatch(/over the cap/);
    // An accepted publisher may send a large frame, but not one over the media cap (RTMP allows 16 MiB).
    const conn = await publisher('good-large');
    const frame = Buffer.alloc(1024 * 1024, 7);
    frame.set([0x17, 0x01, 0, 0, 0]);
    conn.socket.write(rtmpMessage(RTMP_VIDEO, frame, { cid: 6, streamId: 1 }));
    await until(async () => received.some((chunk) => chunk.length >= frame.length), 5000);
    conn.socket.write(rtmpMessage(RTMP_VIDEO, Buffer.alloc(16), { cid: 6, streamId: 1, declaredLength: 0xffffff }));
    expect(MAX_MEDIA_MESSAGE_BYTES).toBeLessThan(0xffffff);
    expect(await dropReason(conn)).toMatch(/over the cap/);
  });

  it('drops a connection that opens too many chunk streams, changes a length mid-message or sets a tiny chunk size', async () => {
    const many = await openRtmp(server.port);
    many.socket.write(Buffer.concat([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27].map((cid) => rtmpMessage(4, Buffer.alloc(6), { cid }))));
    expect(await dropReason(many)).toMatch(/chunk streams/);

    const shrinking = await openRtmp(server.port);
    const long = rtmpMessage(RTMP_COMMAND, amf0('connect', 1, { app: 'live', tcUrl: 'rtmp://127.0.0.1/live', pad: 'x'.repeat(300) }));
    // The first chunk of a long message, then its chunk stream declares a shorter one.
    shrinking.socket.write(Buffer.concat([long.subarray(0, 12 + 128), rtmpMessage(RTMP_COMMAND, Buffer.alloc(8))]));
    expect(await dropReason(shrinking)).toMatch(/mid-message/);

    const tiny = await openRtmp(server.port);
    tiny.socket.write(rtmpMessage(1, Buffer.from([0, 0, 0, 1]), { cid: 2 }));
    expect(await dropReason(tiny)).toMatch(/chunk size/);
    await stillStreams(bystander, 'after the protocol abuse');
  });

  it('listens on its host only', async () => {
    expect(await canConnect(server.port, '127.0.0.1')).toBe(true);
    expect(await canConnect(server.port, '127.0.0.2')).toBe(false);
  });
});

describe('timeouts', () => {
  beforeAll(() => listen({ handshakeTimeoutMs: 300, idleTimeoutMs: 600 }));
  afterAll(() => server.close());

  it('closes a connection that is not an accepted publisher in time, and a publisher gone quiet', async () => {
    const silent = await openConnection(server.port);
    const halfway = await openRtmp(server.port);
    halfway.socket.write(CONNECT);
    const refusedKey = await openRtmp(server.port);
    refusedKey.socket.write(publishCommands('wrong-key'));
    const accepted = await publisher('good-quiet');
    expect(await dropReason(silent)).toBe('not publishing in time');
    expect(await dropReason(halfway)).toBe('not publishing in time');
    // A refused key is closed by the key check; the accepted publisher outlives the handshake limit.
    expect(await dropReason(refusedKey)).toBeUndefined();
    expect(await dropReason(accepted)).toBe('idle');
  });
});

describe('connections per address', () => {
  beforeAll(() => listen({ maxConnectionsPerAddress: 2 }));
  afterAll(() => server.close());

  it('refuses a third connection from one address, and takes one again once a place is free', async () => {
    const first = await openRtmp(server.port);
    await openRtmp(server.port);
    const third = await openConnection(server.port);
    await third.closed;
    expect(refused).toContain(third.port);
    first.socket.destroy();
    await first.closed;
    await until(async () => {
      const next = await openConnection(server.port);
      next.socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536)]));
      return next.receivedAtLeast(1 + 2 * 1536).then(
        () => true,
        () => false,
      );
    }, 5000);
  });
});
