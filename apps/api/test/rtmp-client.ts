import { connect, type Socket } from 'node:net';

// A hand-made RTMP client for the live listener's hostile-input tests (ADR 0070): the handshake,
// AMF0 commands and chunked messages written byte by byte, so a test can send what no encoder would.

type Amf0Value = number | string | null | { [key: string]: string | number };

/** AMF0 values one after another (numbers, strings, null and flat objects are enough here). */
export function amf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  const str = (s: string) => {
    const bytes = Buffer.from(s, 'utf8');
    const len = Buffer.alloc(2);
    len.writeUInt16BE(bytes.length);
    return Buffer.concat([len, bytes]);
  };
  const one = (value: Amf0Value) => {
    if (value === null) parts.push(Buffer.from([0x05]));
    else if (typeof value === 'number') {
      const num = Buffer.alloc(9);
      num[0] = 0x00;
      num.writeDoubleBE(value, 1);
      parts.push(num);
    } else if (typeof value === 'string') parts.push(Buffer.from([0x02]), str(value));
    else {
      parts.push(Buffer.from([0x03]));
      for (const [key, v] of Object.entries(value)) {
        parts.push(str(key));
        one(v);
      }
      parts.push(Buffer.from([0x00, 0x00, 0x09]));
    }
  };
  values.forEach(one);
  return Buffer.concat(parts);
}

export const RTMP_VIDEO = 9;
export const RTMP_COMMAND = 20;

/**
 * One RTMP message in chunks of the default size (128 bytes) on chunk stream `cid` (2–63).
 * `declaredLength` claims a length other than the payload's (only the payload is sent).
 */
export function rtmpMessage(
  type: number,
  payload: Buffer,
  options: { cid?: number; streamId?: number; declaredLength?: number } = {},
): Buffer {
  const cid = options.cid ?? 3;
  const header = Buffer.alloc(12);
  header[0] = cid; // fmt 0
  header.writeUIntBE(0, 1, 3); // timestamp
  header.writeUIntBE(options.declaredLength ?? payload.length, 4, 3);
  header[7] = type;
  header.writeUInt32LE(options.streamId ?? 0, 8);
  const parts: Buffer[] = [header];
  for (let at = 0; at < payload.length; at += 128) {
    if (at > 0) parts.push(Buffer.from([0xc0 | cid])); // fmt 3: the same message continues
    parts.push(payload.subarray(at, at + 128));
  }
  return Buffer.concat(parts);
}

/** An encoder's `connect` to the live app, and a `createStream`, as single messages. */
export const CONNECT = rtmpMessage(
  RTMP_COMMAND,
  amf0('connect', 1, { app: 'live', tcUrl: 'rtmp://127.0.0.1/live', type: 'nonprivate' }),
);
export const CREATE_STREAM = rtmpMessage(RTMP_COMMAND, amf0('createStream', 2, null));

/** What an encoder says after the handshake to publish `live/<key>`: connect, createStream, publish. */
export function publishCommands(key: string | number): Buffer {
  return Buffer.concat([
    CONNECT,
    CREATE_STREAM,
    rtmpMessage(RTMP_COMMAND, amf0('publish', 3, null, key, 'live'), { cid: 8, streamId: 1 }),
  ]);
}

/**
 * What a client may say after the handshake that once made the RTMP library throw inside its
 * socket listener, which ended the process. (An empty message is followed by another: the parser
 * handles one only when more bytes come.)
 */
export const MALFORMED_RTMP: [string, Buffer][] = [
  ['a command with an empty payload', Buffer.concat([rtmpMessage(RTMP_COMMAND, Buffer.alloc(0)), CREATE_STREAM])],
  ['connect whose command object is a number', rtmpMessage(RTMP_COMMAND, amf0('connect', 1, 5))],
  ['connect without tcUrl', rtmpMessage(RTMP_COMMAND, amf0('connect', 1, { app: 'live' }))],
  ['publish with a number as the stream name', publishCommands(12345)],
  ['a video message with an empty payload', Buffer.concat([CONNECT, rtmpMessage(RTMP_VIDEO, Buffer.alloc(0)), CREATE_STREAM])],
];

/** A deterministic byte stream (xorshift32), so a run of garbage can be replayed. */
function garbage(seed: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed || 1;
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

export interface RtmpTestConnection {
  socket: Socket;
  /** This end's port: the listener's logs name a connection by it. */
  port: number;
  /** Resolves when the server (or anyone) closed the connection. */
  closed: Promise<void>;
  /** Everything the server sent so far. */
  received(): Buffer;
  /** Resolves once the server has sent at least `bytes` in all. */
  receivedAtLeast(bytes: number): Promise<void>;
}

/** A TCP connection to the listener, without any RTMP yet. */
export async function openConnection(port: number, host = '127.0.0.1'): Promise<RtmpTestConnection> {
  const socket = connect({ port, host });
  const chunks: Buffer[] = [];
  let total = 0;
  const waiters: { bytes: number; resolve: () => void }[] = [];
  socket.on('data', (data: Buffer) => {
    chunks.push(data);
    total += data.length;
    for (const waiter of waiters.filter((w) => total >= w.bytes)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  socket.on('error', () => {}); // a reset from the server is what several tests expect
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    port: socket.localPort!,
    closed,
    received: () => Buffer.concat(chunks),
    receivedAtLeast: (bytes) =>
      total >= bytes
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            waiters.push({ bytes, resolve });
            closed.then(() => reject(new Error(`connection closed after ${total} of ${bytes} bytes`)), reject);
          }),
  };
}

const HANDSHAKE_SIZE = 1536;

/** A connection that has done the RTMP handshake (the simple one: C1 all zeros, echoed back). */
export async function openRtmp(port: number, host = '127.0.0.1'): Promise<RtmpTestConnection> {
  const conn = await openConnection(port, host);
  conn.socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(HANDSHAKE_SIZE)]));
  await conn.receivedAtLeast(1 + 2 * HANDSHAKE_SIZE);
  conn.socket.write(Buffer.alloc(HANDSHAKE_SIZE));
  return conn;
}

/** Whether a TCP connection to host:port is taken (true) or refused (false). */
export function canConnect(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Ten connections that each send 64 KiB of garbage: five after the handshake, five from the first byte. */
export function sendGarbage(port: number): Promise<RtmpTestConnection[]> {
  return Promise.all(
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(async (seed) => {
      const conn = seed <= 5 ? await openRtmp(port) : await openConnection(port);
      conn.socket.write(garbage(seed, 64 * 1024));
      return conn;
    }),
  );
}
