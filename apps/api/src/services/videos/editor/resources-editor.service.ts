import { mediaPathExtension, type EditorFreeResource, type EditorFreeResourceBody } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { signedMediaUrl } from '../../../platform/media/index.ts';
import { AppError, notFound } from '../../../plugins/errors.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { cleanHtml, diffFields, withSlugRace } from './courses-editor.service.ts';
import * as repo from './resources-editor.repository.ts';
import type { EditorContext } from './videos-editor.service.ts';

const RESOURCE_NOT_FOUND_TEXT = 'That free resource cannot be found; it may have been deleted.';
const TARGET = 'free_resource';

const resourceNotFound = () => notFound(RESOURCE_NOT_FOUND_TEXT, 'RESOURCE_NOT_FOUND');
type ReadContext = Pick<EditorContext, 'db' | 'store' | 'now'>;

function toEditorResource(ctx: ReadContext, row: repo.ResourceRow): EditorFreeResource {
  return {
    id_free_resource: row.idFreeResource,
    resource_slug: row.resourceSlug,
    resource_title: row.resourceTitle,
    resource_description: row.resourceDescription,
    resource_path: row.resourcePath,
    resource_url_signed: ctx.store.signedUrl(row.resourcePath, ctx.now),
    resource_extension: row.resourceExtension,
    resource_image: row.resourceImage,
    resource_image_signed: signedMediaUrl(ctx, row.resourceImage),
    resource_order: row.resourceOrder,
    resource_published: row.resourcePublished,
    resource_created: row.resourceCreated,
    resource_updated: row.resourceUpdated,
  };
}

export async function listEditorResources(ctx: ReadContext): Promise<EditorFreeResource[]> {
  return (await repo.findResources(ctx.db)).map((row) => toEditorResource(ctx, row));
}

export async function getEditorResource(ctx: ReadContext, idFreeResource: number): Promise<EditorFreeResource> {
  const row = await repo.findResource(ctx.db, idFreeResource);
  if (!row) throw resourceNotFound();
  return toEditorResource(ctx, row);
}

/** Resource slugs name no page of their own, so there is no history: only current slugs are taken. */
async function requireFreeSlug(db: Database, slug: string, idFreeResource: number | null): Promise<void> {
  const holder = await repo.findBySlug(db, slug);
  if (!holder || holder.idFreeResource === idFreeResource) return;
  throw new AppError(
    'SLUG_TAKEN',
    409,
    `The slug “${slug}” is already used by the free resource “${holder.resourceTitle}”. Choose another.`,
    'resource_slug',
  );
}

function toResourceColumns(body: EditorFreeResourceBody): Omit<repo.ResourceInsert, 'resourceOrder'> {
  return {
    resourceTitle: body.resource_title,
    resourceSlug: body.resource_slug,
    // The same sanitised HTML as course and live-stream descriptions (ADR 0037); plain text becomes paragraphs.
    resourceDescription: cleanHtml(body.resource_description, 'resource_description'),
    resourcePath: body.resource_path,
    // The schema has already refused a path without an extension.
    resourceExtension: mediaPathExtension(body.resource_path) ?? '',
    resourceImage: body.resource_image,
  };
}

/** POST: a new resource, always a draft, last in order. */
export async function createResource(ctx: EditorContext, body: EditorFreeResourceBody): Promise<EditorFreeResource> {
  const id = await withSlugRace('resource_slug', body.resource_slug, 'free resource', () =>
    ctx.db.transaction(async (tx) => {
      await requireFreeSlug(tx, body.resource_slug, null);
      const idFreeResource = await repo.insertResource(tx, {
        ...toResourceColumns(body),
        resourceOrder: await repo.nextResourceOrder(tx),
        resourcePublished: false,
        resourceCreated: ctx.now,
        resourceUpdated: ctx.now,
      });
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'free_resource.create',
          targetType: TARGET,
          targetId: idFreeResource,
          diff: { resource_title: body.resource_title, resource_slug: body.resource_slug, resource_path: body.resource_path },
        },
        ctx.now,
      );
      return idFreeResource;
    }),
  );
  return getEditorResource(ctx, id);
}

const UPDATE_SKIP = ['resource_updated', 'resource_url_signed', 'resource_image_signed'] as const;

/** PUT: replaces the resource's fields. */
export async function updateResource(
  ctx: EditorContext,
  idFreeResource: number,
  body: EditorFreeResourceBody,
): Promise<EditorFreeResource> {
  await withSlugRace('resource_slug', body.resource_slug, 'free resource', () =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findResource(tx, idFreeResource, true);
      if (!current) throw resourceNotFound();
      if (body.resource_slug !== current.resourceSlug) await requireFreeSlug(tx, body.resource_slug, idFreeResource);
      await repo.updateResource(tx, idFreeResource, { ...toResourceColumns(body), resourceUpdated: ctx.now });
      const after = await repo.findResource(tx, idFreeResource);
      const diff = diffFields(toEditorResource(ctx, current), toEditorResource(ctx, after ?? current), UPDATE_SKIP);
      if (Object.keys(diff).length) {
        await recordAudit(
          tx,
          ctx.auth,
          { action: 'free_resource.update', targetType: TARGET, targetId: idFreeResource, diff },
          ctx.now,
        );
      }
    }),
  );
  return getEditorResource(ctx, idFreeResource);
}

export async function setResourcePublished(
  ctx: EditorContext,
  idFreeResource: number,
  published: boolean,
): Promise<EditorFreeResource> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findResource(tx, idFreeResource, true);
    if (!current) throw resourceNotFound();
    if (current.resourcePublished === published) return;
    await repo.updateResource(tx, idFreeResource, { resourcePublished: published, resourceUpdated: ctx.now });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: published ? 'free_resource.publish' : 'free_resource.unpublish',
        targetType: TARGET,
        targetId: idFreeResource,
        diff: { resource_title: current.resourceTitle, resource_published: { from: current.resourcePublished, to: published } },
      },
      ctx.now,
    );
  });
  return getEditorResource(ctx, idFreeResource);
}

/** PUT order: the full list of resource ids in their new order (a stale or partial list is refused). */
export async function setResourceOrder(ctx: EditorContext, ids: number[]): Promise<EditorFreeResource[]> {
  await ctx.db.transaction(async (tx) => {
    const before = await repo.lockAllResourceIds(tx);
    const known = new Set(before);
    if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id))) {
      throw new AppError(
        'RESOURCE_LIST_CHANGED',
        409,
        'The list of free resources has changed since you loaded it. Reload the page and try again.',
        'id_free_resources',
      );
    }
    if (JSON.stringify(before) === JSON.stringify(ids)) return;
    await repo.setResourceOrder(tx, ids, ctx.now);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'free_resource.order.set',
        targetType: TARGET,
        targetId: 'all',
        diff: { resource_order: { from: before, to: ids } },
      },
      ctx.now,
    );
  });
  return listEditorResources(ctx);
}

export async function deleteResource(ctx: EditorContext, idFreeResource: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findResource(tx, idFreeResource, true);
    if (!current) throw resourceNotFound();
    await repo.deleteResource(tx, idFreeResource);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'free_resource.delete',
        targetType: TARGET,
        targetId: idFreeResource,
        diff: { resource_title: current.resourceTitle, resource_slug: current.resourceSlug, resource_path: current.resourcePath },
      },
      ctx.now,
    );
  });
}
