import { randomUUID } from 'node:crypto';
import type { ServerMessage, ServerMessageType, ServerMetadata } from '@asl/protocol';

export interface MessageParts {
  data?: unknown;
  message?: string;
  sessionId?: string | null;
  metadata?: Partial<ServerMetadata>;
}

/** Builds a server message with its envelope: message_id, session_id, metadata.timestamp. */
export function serverMessage(type: ServerMessageType, parts: MessageParts = {}): ServerMessage {
  const msg: ServerMessage = {
    type,
    message_id: randomUUID(),
    session_id: parts.sessionId ?? null,
    metadata: { ...parts.metadata, timestamp: new Date().toISOString() },
  };
  if (parts.data !== undefined) msg.data = parts.data;
  if (parts.message !== undefined) msg.message = parts.message;
  return msg;
}
