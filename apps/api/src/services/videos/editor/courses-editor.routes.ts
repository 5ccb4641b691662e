import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorCourseBodySchema,
  EditorCourseEntriesBodySchema,
  EditorCourseIdParamsSchema,
  EditorCourseListResponseSchema,
  EditorCourseOrderBodySchema,
  EditorCoursePublishBodySchema,
  EditorCourseResponseSchema,
  EditorCourseTestimonialsBodySchema,
} from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import { deletedResponse, guardEditorRoutes } from './editor-routes.ts';
import * as service from './courses-editor.service.ts';

/**
 * /api/videos/editor/courses (issue 7 content editing, ADR 0037): the Editor group of spec §6
 * creates, edits, orders, publishes and deletes courses, sets their lessons, songs and
 * testimonials. The group is checked before anything else (signed out 401, another role 403);
 * every change is audited in its own transaction.
 */
export const coursesEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const tags = ['courses editor'];
  const editorContext = guardEditorRoutes(app, store);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every course, drafts included, in course_order',
        response: { 200: EditorCourseListResponseSchema },
      },
    },
    async (request) => ({ data: { courses: await service.listEditorCourses(editorContext(request)) } }),
  );

  app.get(
    '/:idCourse',
    {
      schema: {
        tags,
        summary: 'One course with its lessons, songs (drafts included), testimonials and earlier slugs',
        params: EditorCourseIdParamsSchema,
        response: { 200: EditorCourseResponseSchema },
      },
    },
    async (request) => ({ data: { course: await service.getEditorCourse(editorContext(request), request.params.idCourse) } }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a course (a draft, last in order)',
        body: EditorCourseBodySchema,
        response: { 201: EditorCourseResponseSchema },
      },
    },
    async (request, reply) => {
      const course = await service.createCourse(editorContext(request), request.body);
      return reply.code(201).send({ data: { course } });
    },
  );

  app.put(
    '/order',
    {
      schema: {
        tags,
        summary: 'Reorder the courses: every course id in its new course_order',
        body: EditorCourseOrderBodySchema,
        response: { 200: EditorCourseListResponseSchema },
      },
    },
    async (request) => ({ data: { courses: await service.setCourseOrder(editorContext(request), request.body.id_courses) } }),
  );

  app.put(
    '/:idCourse',
    {
      schema: {
        tags,
        summary: "Replace a course's fields; a new slug keeps the old /courses URL redirecting",
        params: EditorCourseIdParamsSchema,
        body: EditorCourseBodySchema,
        response: { 200: EditorCourseResponseSchema },
      },
    },
    async (request) => ({
      data: { course: await service.updateCourse(editorContext(request), request.params.idCourse, request.body) },
    }),
  );

  app.put(
    '/:idCourse/entries',
    {
      schema: {
        tags,
        summary: "Set the course's lessons and songs, each an ordered list of video ids, in one transaction",
        params: EditorCourseIdParamsSchema,
        body: EditorCourseEntriesBodySchema,
        response: { 200: EditorCourseResponseSchema },
      },
    },
    async (request) => ({
      data: { course: await service.setCourseEntries(editorContext(request), request.params.idCourse, request.body) },
    }),
  );

  app.put(
    '/:idCourse/testimonials',
    {
      schema: {
        tags,
        summary: "Replace the course's testimonials with this ordered list",
        params: EditorCourseIdParamsSchema,
        body: EditorCourseTestimonialsBodySchema,
        response: { 200: EditorCourseResponseSchema },
      },
    },
    async (request) => ({
      data: { course: await service.setCourseTestimonials(editorContext(request), request.params.idCourse, request.body) },
    }),
  );

  app.put(
    '/:idCourse/published',
    {
      schema: {
        tags,
        summary: 'Publish (course_published=true) or unpublish a course',
        params: EditorCourseIdParamsSchema,
        body: EditorCoursePublishBodySchema,
        response: { 200: EditorCourseResponseSchema },
      },
    },
    async (request) => ({
      data: {
        course: await service.setCoursePublished(editorContext(request), request.params.idCourse, request.body.course_published),
      },
    }),
  );

  app.delete(
    '/:idCourse',
    {
      schema: {
        tags,
        summary: 'Delete a course with its entries, testimonials and learners’ progress (the videos stay)',
        params: EditorCourseIdParamsSchema,
        response: deletedResponse,
      },
    },
    async (request, reply) => {
      await service.deleteCourse(editorContext(request), request.params.idCourse);
      return reply.code(204).send(null);
    },
  );
};
