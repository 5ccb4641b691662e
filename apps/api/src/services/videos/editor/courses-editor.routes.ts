import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { editorContextFor } from './editor-routes.ts';
import * as service from './courses-editor.service.ts';

/**
 * /api/videos/editor/courses (content editing, ADR 0037): the Editor group (product.md#roles)
 * creates, edits, orders, publishes and deletes courses, sets their lessons, songs and
 * testimonials. The group is checked before anything else (signed out 401, another role 403);
 * every change is audited in its own transaction.
 */
export const coursesEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['courses editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.listCourses', options, async (request) => ({
    data: { courses: await service.listEditorCourses(editorContext(request)) },
  }));

  route(app, 'editor.getCourse', options, async (request) => ({
    data: { course: await service.getEditorCourse(editorContext(request), request.params.idCourse) },
  }));

  route(app, 'editor.createCourse', { ...options, audit: { action: 'course.create' } }, async (request, reply) => {
    const course = await service.createCourse(editorContext(request), request.body);
    return reply.code(201).send({ data: { course } });
  });

  route(
    app,
    'editor.setCourseOrder',
    { ...options, audit: { action: 'course.order.set', onlyWhenChanged: true } },
    async (request) => ({
      data: { courses: await service.setCourseOrder(editorContext(request), request.body.id_courses) },
    }),
  );

  route(
    app,
    'editor.updateCourse',
    { ...options, audit: { action: 'course.update', onlyWhenChanged: true } },
    async (request) => ({
      data: { course: await service.updateCourse(editorContext(request), request.params.idCourse, request.body) },
    }),
  );

  route(
    app,
    'editor.setCourseEntries',
    { ...options, audit: { action: 'course.entries.set', onlyWhenChanged: true } },
    async (request) => ({
      data: { course: await service.setCourseEntries(editorContext(request), request.params.idCourse, request.body) },
    }),
  );

  route(app, 'editor.setCourseTestimonials', { ...options, audit: { action: 'course.testimonials.set' } }, async (request) => ({
    data: { course: await service.setCourseTestimonials(editorContext(request), request.params.idCourse, request.body) },
  }));

  route(
    app,
    'editor.setCoursePublished',
    { ...options, audit: { action: ['course.publish', 'course.unpublish'], onlyWhenChanged: true } },
    async (request) => ({
      data: {
        course: await service.setCoursePublished(editorContext(request), request.params.idCourse, request.body.course_published),
      },
    }),
  );

  route(app, 'editor.deleteCourse', { ...options, audit: { action: 'course.delete' } }, async (request, reply) => {
    await service.deleteCourse(editorContext(request), request.params.idCourse);
    return reply.code(204).send(null);
  });
};
