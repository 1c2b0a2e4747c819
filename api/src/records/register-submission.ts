import type Router from '@koa/router';
import { filesField, submissionSchema, wireName, type SubmitResponse } from '@sourcing/shared';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps';
import { validate } from '../http/validate';
import { checkFiles } from '../uploads/check-files';
import { receiveFiles, type IncomingFilesState } from '../uploads/receive-files';
import { createRecord } from './create-record';
import { submissionSource } from './record-source';
import { recordEvent } from './present-record';
import type { RecordKind } from './record-kind';
import { announceCommitted, announceNewRecord } from './publish';
import { automaticAssignmentEvent } from './assignment/automatic-assignment';
import type { DeskRow } from './desk/change-records';

/**
 * POST <submitPath>: a visitor's submission (JSON, or multipart with the kind's file field),
 * passed by the spam check (its proof before any file is received, then its honeypot; spam/form-guard.ts),
 * checked by the kind's shared schema, stored with its files and its source (record-source.ts) in
 * one transaction, announced to the admins, answered 201 `{ message, reference }`.
 */
export function registerSubmission(router: Router, deps: AppDeps, kind: RecordKind, publicPost: Middleware) {
  const files = filesField(kind.definition);
  const fileField = files ? wireName(files) : null;
  const receive: Middleware[] = files && fileField ? [receiveFiles(deps, fileField, files.maxFiles) as Middleware] : [];
  const store = kind.store ?? createRecord;

  router.post(
    kind.submitPath,
    publicPost,
    deps.formGuard.proof,
    ...receive,
    deps.formGuard.honeypot,
    validate({ body: submissionSchema(kind.definition), readBody: kind.readSubmission }),
    async (ctx) => {
      const incoming = (ctx.state as Partial<IncomingFilesState>).incomingFiles ?? [];
      const checked = fileField ? await checkFiles(incoming, fileField) : [];
      const { row, created, owner } = await store(
        deps,
        kind,
        ctx.state.input.body,
        checked,
        submissionSource(ctx, deps.config.embedOrigins),
      );
      if (created) {
        deps.mail.nudge();
        await announceNewRecord(deps, recordEvent(kind, row));
        if (owner) await announceCommitted(deps, automaticAssignmentEvent(kind, row as DeskRow, owner));
      }
      // The same answer whether the row is new or not (a second newsletter sign-up is not told apart).
      ctx.status = 201;
      ctx.body = {
        message: kind.submitted,
        ...(typeof row.reference === 'string' ? { reference: row.reference } : {}),
      } satisfies SubmitResponse;
    },
  );
}
