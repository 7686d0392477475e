import { messages } from '@punchclock/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors';

export interface Upload {
  file: Buffer | null;
  fileName: string | null;
  /** True when the file was longer than the limit: callers answer 413 and keep nothing. */
  truncated: boolean;
  fields: Record<string, string>;
}

/** Reads one multipart file field (at most `maxBytes`) and the text fields around it. */
export async function readUpload(req: FastifyRequest, fileField: string, maxBytes: number): Promise<Upload> {
  const result: Upload = { file: null, fileName: null, truncated: false, fields: {} };
  try {
    for await (const part of req.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.fieldname !== fileField) continue;
        result.file = Buffer.concat(chunks);
        result.fileName = part.filename;
        result.truncated = part.file.truncated;
      } else if (typeof part.value === 'string') {
        result.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Limits keep their own 413; anything else the parser throws (no boundary, a body cut off mid-part,
    // broken part headers) is the client's malformed form, not a server failure.
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    req.log.info({ err: error }, 'malformed multipart upload');
    throw badRequest(messages.general.malformedUpload);
  }
  return result;
}
