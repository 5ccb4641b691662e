import type { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';
import { guardRtmpParser, type NmsRtmpParser } from './rtmp-guard.ts';

/**
 * The RTMP listener for live ingest (ADR 0063): node-media-server's RTMP protocol and session code,
 * without its HTTP admin server, JSON store or recorder. Only its RTMP parts are loaded, and the
 * listening socket is ours, so a taken port is an error we report instead of the library's
 * process.exit. Nothing is played back over RTMP: a publish is accepted or refused by the caller
 * (the stream key is checked against the database), and an accepted one is handed over as FLV.
 *
 * Nothing a client sends may take the site down (ADR 0070): each connection's parser runs behind a
 * guard that drops that socket alone on any error or over-sized message, a connection must be an
 * accepted publisher within a time limit and never go quiet for long, and one address may hold
 * only a few connections.
 *
 * node-media-server keeps its state in one module-wide context, so a process runs one listener.
 */

interface NmsSession {
  id: string;
  socket: Socket;
  rtmp: NmsRtmpParser;
  onData: (data: Buffer) => void;
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  protocol: string;
  isPublisher: boolean;
  broadcast: NmsBroadcast;
  sendBuffer(buffer: Buffer): void;
}

interface NmsBroadcast {
  publishGraceMs: number;
  postPlay(session: unknown): string | null;
  donePlay(session: unknown): void;
}

interface NmsContext {
  config: unknown;
  eventEmitter: EventEmitter;
  sessions: Map<string, unknown>;
}

const load = createRequire(import.meta.url);

/** A publisher that asked to push `app/key`. */
export interface RtmpPublish {
  app: string;
  key: string;
  ip: string;
  /** Closes the connection: nothing it sends is used. */
  reject(): void;
  /**
   * Receives the stream as FLV (header, metadata, codec headers, then every packet) until the
   * publisher goes; `onEnd` runs once when it does (or at once if it already has).
   */
  accept(onData: (chunk: Buffer) => void, onEnd: () => void): void;
}

export interface RtmpServer {
  port: number;
  close(): Promise<void>;
}

export interface RtmpLimits {
  /** From the connection to a publish accepted (the handshake, `connect`, `publish` and the key check). */
  handshakeTimeoutMs: number;
  /** With nothing read or written this long, the connection is closed. */
  idleTimeoutMs: number;
  /** Connections one remote address may hold at once; more are closed on arrival. */
  maxConnectionsPerAddress: number;
}

let running = false;

export async function startRtmpServer(options: {
  port: number;
  host: string;
  limits: RtmpLimits;
  onPublish: (publish: RtmpPublish) => void;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}): Promise<RtmpServer> {
  const { limits, log } = options;
  if (running) throw new Error('An RTMP listener already runs in this process');
  const Context = load('node-media-server/src/core/context.js') as NmsContext;
  const logger = load('node-media-server/src/core/logger.js') as { level: string };
  const RtmpSession = load('node-media-server/src/session/rtmp_session.js') as new (socket: Socket) => NmsSession & {
    run(): void;
  };
  const BaseSession = load('node-media-server/src/session/base_session.js') as new () => NmsSession;
  logger.level = 'error';
  Context.config = { rtmp: { port: options.port, chunk_size: 60000, gop_cache: true, ping: 30, ping_timeout: 60 } };

  const endListeners = new Map<string, () => void>();
  /** Each open connection's acceptance: what turns its limits from a stranger's to a publisher's. */
  const acceptors = new WeakMap<NmsSession, () => void>();
  const onPrePublish = (session: NmsSession) => {
    // Reconnection is ours (a new connection continues the same stream, ADR 0063), not the library's.
    session.broadcast.publishGraceMs = 0;
  };
  const onPostPublish = (session: NmsSession) => {
    // Nothing more is read until the key is checked: an encoder waits for the answer to its
    // publish before it sends, so only a stranger would have anything to say meanwhile.
    session.socket.pause();
    let ended = false;
    let finish: (() => void) | null = null;
    endListeners.set(session.id, () => {
      ended = true;
      finish?.();
    });
    options.onPublish({
      app: session.streamApp,
      key: session.streamName,
      ip: session.ip,
      reject: () => {
        endListeners.delete(session.id);
        session.socket.destroy();
      },
      accept: (onData, onEnd) => {
        acceptors.get(session)?.();
        const sink = new BaseSession();
        sink.protocol = 'flv';
        sink.streamPath = session.streamPath;
        sink.sendBuffer = (buffer: Buffer) => onData(buffer);
        const broadcast = session.broadcast;
        finish = () => {
          finish = null;
          broadcast.donePlay(sink);
          onEnd();
        };
        if (ended) return finish();
        broadcast.postPlay(sink);
      },
    });
  };
  const onDonePublish = (session: NmsSession) => {
    const end = endListeners.get(session.id);
    endListeners.delete(session.id);
    end?.();
  };
  // Nobody plays over RTMP: viewers get HLS through the media store (an internal sink has no ip).
  const onPrePlay = (session: NmsSession) => {
    if (session.ip) session.socket.destroy();
  };
  Context.eventEmitter.on('prePublish', onPrePublish);
  Context.eventEmitter.on('postPublish', onPostPublish);
  Context.eventEmitter.on('donePublish', onDonePublish);
  Context.eventEmitter.on('prePlay', onPrePlay);

  const sockets = new Set<Socket>();
  const perAddress = new Map<string, number>();
  const server: Server = createServer((socket) => {
    const address = socket.remoteAddress ?? '';
    const peer = { ip: address, port: socket.remotePort };
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.maxConnectionsPerAddress) {
      log.info(peer, 'RTMP connection refused: too many from this address');
      socket.destroy();
      return;
    }
    perAddress.set(address, open + 1);
    sockets.add(socket);
    const drop = (reason: string) => {
      if (socket.destroyed) return;
      log.info({ ...peer, reason }, 'RTMP connection dropped');
      socket.destroy();
    };
    const handshake = setTimeout(() => drop('not publishing in time'), limits.handshakeTimeoutMs);
    socket.setTimeout(limits.idleTimeoutMs, () => drop('idle'));
    socket.on('close', () => {
      clearTimeout(handshake);
      sockets.delete(socket);
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
    socket.on('error', () => socket.destroy());

    const session = new RtmpSession(socket);
    let accepted = false;
    acceptors.set(session, () => {
      accepted = true;
      clearTimeout(handshake);
      socket.resume();
    });
    guardRtmpParser(session.rtmp, () => accepted);
    // The library's data handler runs its whole parser: whatever it throws drops this socket alone.
    const parse = session.onData;
    session.onData = (data) => {
      try {
        parse(data);
      } catch (err) {
        drop(err instanceof Error ? err.message : String(err));
      }
    };
    Context.sessions.set(session.id, session);
    session.run();
  });
  const detach = () => {
    Context.eventEmitter.off('prePublish', onPrePublish);
    Context.eventEmitter.off('postPublish', onPostPublish);
    Context.eventEmitter.off('donePublish', onDonePublish);
    Context.eventEmitter.off('prePlay', onPrePlay);
    running = false;
  };
  running = true;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    detach();
    throw err;
  }
  server.on('error', (err) => log.warn({ err }, 'RTMP listener error'));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      detach();
    },
  };
}
