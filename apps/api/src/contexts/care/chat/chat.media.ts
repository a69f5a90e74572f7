// Chat pictures (uploads/276) and voice clips (uploads/275) are private to the session's members
// (docs/adr/0142-chat-files-signed-per-member.md). A message keeps the bare stored path; whenever a
// message leaves the server for a member — history, the answer to a send, a socket push — its file
// address is signed for that member's chat identity, and the files route serves it only while the
// identity is a member of a session holding that file. A staff member's read is audited.
import { isChatFilePath, recordAudit, signPrivatePath } from '../../platform';
import type { Db } from '../../../lib/db';
import { ChatRepository, type ChatMessageRow } from './chat.repository';
import { staffIdOf } from './chat.sig';

/** A message as `viewer` (a chat identity) receives it: its file address signed for that viewer. */
export type ChatMediaSigner = (viewer: string, message: ChatMessageRow) => ChatMessageRow;

/** The signer of this process: the session secret's file key and the clock. */
export function chatMediaSigner(secret: string, clock: () => Date): ChatMediaSigner {
  return (viewer, message) => {
    const payload = message.payload;
    if ((payload.type !== 'image' && payload.type !== 'voice') || !isChatFilePath(payload.url)) {
      return message;
    }
    return { ...message, payload: { ...payload, url: signPrivatePath(secret, payload.url, viewer, clock()) } };
  };
}

/**
 * Whether the chat identity `viewer` may see the chat file at `path`: it is a member of a session
 * with a message carrying it. A staff member's read of a patient's file is recorded.
 */
export async function chatFileVisibleTo(
  db: Db,
  viewer: string,
  path: string,
  origin: { ip: string; requestId: string },
  now: Date,
): Promise<boolean> {
  const repository = new ChatRepository(db);
  const sessionId = await repository.sessionWithFile(viewer, path);
  if (sessionId === null) {
    return false;
  }
  const staffId = staffIdOf(viewer);
  if (staffId) {
    const patient = await repository.patientOf(sessionId);
    await recordAudit(
      db,
      { kind: 'staff', id: staffId, ip: origin.ip, requestId: origin.requestId },
      {
        action: 'chat.file',
        patientId: patient?.startsWith('c_') ? patient.slice(2) : null,
        target: sessionId,
        detail: { path },
      },
      now,
    );
  }
  return true;
}
