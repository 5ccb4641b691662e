import type { EditorVideoCourse, EditorVideoOptions } from '@fretline/contract';
import { Button } from '../../../components/ui';
import { SelectInput, TextInput, rowFields, type FieldErrors } from '../form-kit/fields';
import { ListStatus, rowButtonId, rowTarget, useEditorList } from '../form-kit/repeatable-list';

interface CourseDraft {
  idCourse: number;
  /** Where it is now (1-based) and how many entries the course has, for saved memberships. */
  current: { position: number; count: number } | null;
  kind: 'video' | 'song';
}

const KIND_OPTIONS = [
  { value: 'video', label: 'Lesson' },
  { value: 'song', label: 'Song' },
];

/**
 * The courses this video is in and where (ADR 0037: an editor puts it in a course at the right place).
 * A course's own editor orders all its entries; here one video is placed.
 */
export function CoursesEditor({
  courses,
  options,
  defaultKind,
  errors,
}: {
  courses: readonly EditorVideoCourse[];
  options: EditorVideoOptions['courses'];
  defaultKind: 'video' | 'song';
  errors: FieldErrors;
}) {
  const list = useEditorList<CourseDraft>(
    courses.map((c) => ({ idCourse: c.id_course, current: { position: c.position, count: c.course_video_count }, kind: c.kind })),
    'course',
  );
  const used = new Set(list.items.map((i) => i.value.idCourse));
  const free = options.filter((o) => !used.has(o.id_course));
  const courseOptions = options.map((o) => ({
    value: String(o.id_course),
    label: `${o.course_title}${o.course_published ? '' : ' (draft)'}`,
  }));

  return (
    <div className="space-y-4">
      {list.items.length === 0 ? <p className="text-sm text-stone-600">Not in any course.</p> : null}
      <ul className="space-y-3">
        {list.items.map((item, i) => {
          const option = options.find((o) => o.id_course === item.value.idCourse);
          const max = (option?.course_video_count ?? 0) + (item.value.current ? 0 : 1);
          const at = rowFields('courses', i, errors);
          return (
            <li key={item.key} data-row={item.key} className="rounded-xl border border-stone-200 bg-stone-50/60 p-3">
              <fieldset>
                <legend className="sr-only">Course {i + 1}</legend>
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1">
                    <SelectInput
                      {...at('id_course')}
                      label="Course"
                      options={courseOptions.filter((o) => o.value === String(item.value.idCourse) || !used.has(Number(o.value)))}
                      value={String(item.value.idCourse)}
                      onChange={(e) => {
                        const idCourse = Number(e.currentTarget.value);
                        list.update(item.key, (d) => ({ ...d, idCourse, current: null }));
                      }}
                    />
                  </div>
                  <Button
                    id={rowButtonId(item.key, 'remove')}
                    variant="ghost"
                    className="mb-1"
                    onClick={() =>
                      list.remove(item.key, {
                        focus: (n) => (n ? rowTarget(n) : 'add-course'),
                        said: `Removed from ${option?.course_title ?? 'the course'}.`,
                      })
                    }
                    aria-label={`Take the video out of ${option?.course_title ?? 'this course'}`}
                  >
                    Remove
                  </Button>
                </div>
                <div className="mt-3 grid grid-cols-2 items-end gap-3 sm:max-w-md">
                  <TextInput
                    {...at('position')}
                    label={
                      item.value.current
                        ? `Position (now ${item.value.current.position} of ${item.value.current.count})`
                        : `Position (1–${max})`
                    }
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={max}
                    placeholder="Last"
                    defaultValue={item.value.current?.position ?? ''}
                  />
                  <SelectInput {...at('kind')} label="Listed as" options={KIND_OPTIONS} defaultValue={item.value.kind} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      <Button
        id="add-course"
        variant="secondary"
        disabled={free.length === 0}
        onClick={() => {
          const next = free[0];
          if (!next) return;
          list.add(
            { idCourse: next.id_course, current: null, kind: defaultKind },
            { focus: rowTarget, said: 'Course added; choose it and the position.' },
          );
        }}
      >
        Add to a course
      </Button>
      <ListStatus announcement={list.announcement} errorPath="courses" error={errors.courses} />
    </div>
  );
}
