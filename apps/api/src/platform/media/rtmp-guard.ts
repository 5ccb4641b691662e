/**
 * Limits on what one RTMP connection may make node-media-server's parser do (ADR 0070). The
 * parser trusts what it reads: a declared message length allocates that much at once (up to
 * 16 MiB per chunk stream), a chunk stream id makes a new buffer, and a message that changes its
 * length halfway sends the read position backwards. These checks run inside the parser, before
 * the allocation or the handling they guard, and throw: the connection's data handler then drops
 * that one socket (`rtmp-server.ts`).
 */

/** What the guard touches of node-media-server's `protocol/rtmp.js` parser. */
export interface NmsRtmpParser {
  parserPacket: { header: { length: number; type: number }; bytes: number; payload: Buffer };
  inPackets: Map<number, unknown>;
  chunkMessageHeaderRead(): number;
  packetHandler(): void;
}

/** The largest audio or video message of an accepted publisher: a keyframe of a high-bitrate stream fits. */
export const MAX_MEDIA_MESSAGE_BYTES = 8 * 1024 * 1024;
/** The largest of any other message, and of every message before the publish is accepted. */
export const MAX_COMMAND_MESSAGE_BYTES = 64 * 1024;
/** Encoders use a handful of chunk streams (ffmpeg five, OBS fewer). */
const MAX_CHUNK_STREAMS = 16;
/** RTMP's own default; a smaller one only multiplies the parser's work per byte. */
const MIN_CHUNK_SIZE = 128;

const SET_CHUNK_SIZE = 1;
const ACKNOWLEDGEMENT = 3;
const WINDOW_ACKNOWLEDGEMENT_SIZE = 5;
const AUDIO = 8;
const VIDEO = 9;
/** What only a publisher sends: audio, video, data (AMF3, AMF0) and aggregate messages. */
const STREAM_MESSAGES = new Set([AUDIO, VIDEO, 15, 18, 22]);

class RtmpProtocolError extends Error {}

/**
 * Wraps the parser's header read and message dispatch with the limits above. `accepted` says
 * whether the publish was accepted (the key checked): before that only commands are taken.
 */
export function guardRtmpParser(rtmp: NmsRtmpParser, accepted: () => boolean): void {
  const readHeader = rtmp.chunkMessageHeaderRead.bind(rtmp);
  rtmp.chunkMessageHeaderRead = () => {
    const packet = rtmp.parserPacket;
    const lengthSoFar = packet.bytes > 0 ? packet.header.length : null;
    const offset = readHeader();
    const { length, type } = packet.header;
    if (lengthSoFar !== null && length !== lengthSoFar) throw new RtmpProtocolError('message length changed mid-message');
    if (rtmp.inPackets.size > MAX_CHUNK_STREAMS) throw new RtmpProtocolError('too many chunk streams');
    const cap = accepted() && (type === AUDIO || type === VIDEO) ? MAX_MEDIA_MESSAGE_BYTES : MAX_COMMAND_MESSAGE_BYTES;
    if (length > cap) throw new RtmpProtocolError(`message of ${length} bytes (type ${type}) over the cap of ${cap}`);
    return offset;
  };

  const handle = rtmp.packetHandler.bind(rtmp);
  rtmp.packetHandler = () => {
    const { header, payload } = rtmp.parserPacket;
    if (STREAM_MESSAGES.has(header.type) && !accepted())
      throw new RtmpProtocolError(`stream message (type ${header.type}) before an accepted publish`);
    if ((header.type === SET_CHUNK_SIZE || header.type === ACKNOWLEDGEMENT || header.type === WINDOW_ACKNOWLEDGEMENT_SIZE) && header.length < 4)
      throw new RtmpProtocolError(`control message (type ${header.type}) of ${header.length} bytes`);
    if (header.type === SET_CHUNK_SIZE) {
      const size = payload.readUInt32BE(0);
      if (size < MIN_CHUNK_SIZE || size > 0x7fffffff) throw new RtmpProtocolError(`chunk size ${size}`);
    }
    handle();
  };
}
