import type { EventEmitter } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { createRequire } from 'node:module';

/**
 * The RTMP listener for live ingest (ADR 0063): node-media-server's RTMP protocol and session code,
 * without its HTTP admin server, JSON store or recorder. Only its RTMP parts are loaded, and the
 * listening socket is ours, so a taken port is an error we report instead of the library's
 * process.exit. Nothing is played back over RTMP: a publish is accepted or refused by the caller
 * (the stream key is checked against the database), and an accepted one is handed over as FLV.
 *
 * node-media-server keeps its state in one module-wide context, so a process runs one listener.
 */

interface NmsSession {
  id: string;
  ip: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  protocol: string;
  isPublisher: boolean;
  broadcast: NmsBroadcast;
  close(): void;
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

let running = false;

export async function startRtmpServer(options: {
  port: number;
  host?: string;
  onPublish: (publish: RtmpPublish) => void;
  log: { warn: (obj: object, msg: string) => void };
}): Promise<RtmpServer> {
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
  const onPrePublish = (session: NmsSession) => {
    // Reconnection is ours (a new connection continues the same stream, ADR 0063), not the library's.
    session.broadcast.publishGraceMs = 0;
  };
  const onPostPublish = (session: NmsSession) => {
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
        session.close();
      },
      accept: (onData, onEnd) => {
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
    if (session.ip) session.close();
  };
  Context.eventEmitter.on('prePublish', onPrePublish);
  Context.eventEmitter.on('postPublish', onPostPublish);
  Context.eventEmitter.on('donePublish', onDonePublish);
  Context.eventEmitter.on('prePlay', onPrePlay);

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const session = new RtmpSession(socket);
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
  server.on('error', (err) => options.log.warn({ err }, 'RTMP listener error'));
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
