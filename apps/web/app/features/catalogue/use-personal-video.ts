import { useEffect, useState } from 'react';
import type { Course, Video } from '@fretline/contract';
import { api } from '../../lib/api.client';

interface LoadedVideo {
  video: Video;
  course: Course | null;
  /** The page was rendered for a class of learners (ADR 0056): nobody's saves or progress are in it. */
  sharedRender: boolean;
}

interface PersonalVideo {
  video: Video;
  course: Course | null;
  /** False until a shared page has the reader's own answer: what is theirs waits until then. */
  ready: boolean;
}

/**
 * The video as the reader sees it. A page shared by a class asks the API again after hydration,
 * as the reader: their save, where they left off, whether it is done, and the course's progress.
 */
export function usePersonalVideo(loaded: LoadedVideo): PersonalVideo {
  const [personal, setPersonal] = useState<{ video: Video; course: Course | null } | null>(null);
  useEffect(() => {
    if (!loaded.sharedRender) return;
    let current = true;
    const inCourse = loaded.video.video_course;
    Promise.all([
      api.call('videos.getVideo', {
        params: { videoSlug: loaded.video.video_slug },
        query: inCourse ? { courseSlug: inCourse.course_slug } : {},
        cancelKey: false,
      }),
      inCourse ? api.call('videos.getCourse', { params: { courseSlug: inCourse.course_slug }, cancelKey: false }) : null,
    ])
      .then(([answer, courseAnswer]) => {
        if (current) setPersonal({ video: answer.video, course: courseAnswer?.course ?? null });
      })
      .catch(() => undefined); // the class's page stays; what is the reader's own stays hidden
    return () => {
      current = false;
    };
  }, [loaded]);

  if (!loaded.sharedRender) return { video: loaded.video, course: loaded.course, ready: true };
  return personal ? { ...personal, ready: true } : { video: loaded.video, course: null, ready: false };
}
