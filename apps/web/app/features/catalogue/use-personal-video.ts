import { useEffect, useState } from 'react';
import type { Course, MyVideo, Video } from '@fretline/contract';
import { api } from '../../lib/api.client';

interface LoadedVideo {
  video: Video;
  course: Course | null;
  /** The page was rendered for a class of learners (ADR 0056): nobody's saves or progress are in it. */
  sharedRender: boolean;
}

interface PersonalVideo {
  video: Video;
  /** The reader's percent complete of the course the video is watched in; null outside one or signed out. */
  coursePercent: number | null;
  /** False until a shared page has the reader's own state: what is theirs waits until then. */
  ready: boolean;
}

/**
 * The video as the reader sees it. A page shared by a class asks after hydration for what of it is
 * the reader's own (`videos.getMyVideo`): their save, where they left off, whether it is done, and
 * the course's progress.
 */
export function usePersonalVideo(loaded: LoadedVideo): PersonalVideo {
  const [mine, setMine] = useState<MyVideo | null>(null);
  useEffect(() => {
    if (!loaded.sharedRender) return;
    let current = true;
    const inCourse = loaded.video.video_course;
    api
      .call('videos.getMyVideo', {
        params: { videoSlug: loaded.video.video_slug },
        query: inCourse ? { courseSlug: inCourse.course_slug } : {},
        cancelKey: false,
      })
      .then(({ my_video: answer }) => {
        if (current) setMine(answer);
      })
      .catch(() => undefined); // the class's page stays; what is the reader's own stays hidden
    return () => {
      current = false;
    };
  }, [loaded]);

  if (!loaded.sharedRender)
    return { video: loaded.video, coursePercent: loaded.course?.course_percent_complete ?? null, ready: true };
  if (!mine) return { video: loaded.video, coursePercent: null, ready: false };
  const { course_percent_complete: coursePercent, ...personal } = mine;
  return { video: { ...loaded.video, ...personal }, coursePercent, ready: true };
}
