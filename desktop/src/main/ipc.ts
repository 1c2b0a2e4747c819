/**
 * The main side of the preload bridge: every call comes from the app's own page and carries
 * arguments of the expected shape, or it is refused before any action runs.
 */
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import {
  ADMIN_ROUTE_OF,
  REALTIME_EVENTS,
  type AdminNotification,
  type AttachmentToOpen,
  type RecordKind,
} from '@sourcing/shared';
import { IPC, type ActionResult, type SaveResult } from '../common/ipc-channels';

const attachmentArg = z.object({
  url: z.string().min(1).max(4096),
  fileName: z.string().max(1024),
  apiBaseUrl: z.string().max(2048),
});

const realtimeEventArg = z.object({
  event: z.enum(REALTIME_EVENTS),
  summary: z.object({
    id: z.string().max(200),
    kind: z.enum(Object.keys(ADMIN_ROUTE_OF) as [RecordKind, ...RecordKind[]]),
    displayName: z.string().max(500),
    detail: z.string().max(500).optional(),
    createdAt: z.string().max(64),
  }),
  change: z
    .object({
      by: z.object({ id: z.string().max(64), email: z.string().max(254), name: z.string().max(254) }),
      type: z.enum(['status', 'owner', 'note']),
      text: z.string().max(2000),
      status: z.string().max(64),
      ownerId: z.string().max(64).nullable(),
      version: z.number().int(),
      from: z.object({ status: z.string().max(64), ownerId: z.string().max(64).nullable() }),
    })
    .optional(),
});

const notificationArg = z.object({
  title: z.string().min(1).max(300),
  body: z.string().max(2000),
  route: z
    .string()
    .max(200)
    .regex(/^\/admin(\/[\w-]+)*$/)
    .optional(),
  event: realtimeEventArg.optional(),
});

const serverUrlArg = z.string().max(2048);
const badgeCountArg = z.number().int().min(0).max(1_000_000);

export interface BridgeActions {
  openAttachment(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<void>;
  saveDownload(file: AttachmentToOpen & { apiBaseUrl: string }): Promise<boolean>;
  notify(notification: AdminNotification): void;
  getServerUrl(): Promise<string | null>;
  setServerUrl(input: string): Promise<ActionResult>;
  setBadgeCount(count: number): void;
}

export const REFUSED_SENDER = 'Refused: the call did not come from the app window.';
export const INVALID_ARGUMENT = 'Refused: invalid argument.';

function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(INVALID_ARGUMENT);
  return parsed.data;
}

/** Registers one ipcMain.handle per bridge action. */
export function registerBridgeHandlers(
  ipc: Pick<IpcMain, 'handle'>,
  actions: BridgeActions,
  isTrustedSender: (event: IpcMainInvokeEvent) => boolean,
): void {
  const handle = (channel: string, run: (arg: unknown) => unknown) =>
    ipc.handle(channel, (event, arg: unknown) => {
      if (!isTrustedSender(event)) throw new Error(REFUSED_SENDER);
      return run(arg);
    });

  handle(IPC.openAttachment, async (arg): Promise<ActionResult> => {
    const file = checked(attachmentArg, arg);
    try {
      await actions.openAttachment(file);
      return { ok: true };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
  handle(IPC.saveDownload, async (arg): Promise<SaveResult> => {
    const file = checked(attachmentArg, arg);
    try {
      return { ok: true, saved: await actions.saveDownload(file) };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  });
  handle(IPC.notify, (arg) => actions.notify(checked(notificationArg, arg)));
  handle(IPC.getServerUrl, () => actions.getServerUrl());
  handle(IPC.setServerUrl, (arg) => actions.setServerUrl(checked(serverUrlArg, arg)));
  handle(IPC.setBadgeCount, (arg) => actions.setBadgeCount(checked(badgeCountArg, arg)));
}
