import { useEffect, useState } from 'react';
import { MAILER_AUDIENCES, MAILER_AUDIENCE_LABELS, type MailerAudience } from '@fretline/contract';
import { selectClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { ErrorText, type FieldErrors } from '../form-kit/fields';

export interface AudienceValue {
  audience: MailerAudience;
  idCourse: number | null;
}

/** Who gets the mailer, with the number of people it reaches now (product.md#mailers). */
export function AudiencePicker({
  value,
  onChange,
  courses,
  errors,
}: {
  value: AudienceValue;
  onChange: (value: AudienceValue) => void;
  courses: Array<{ id_course: number; course_title: string }>;
  errors: FieldErrors;
}) {
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setCount(null);
    setError(null);
    if (value.audience === 'course' && value.idCourse === null) return;
    api
      .call('mailers.countAudience', {
        query: { mailer_audience: value.audience, ...(value.idCourse !== null ? { id_course: value.idCourse } : {}) },
      })
      .then((res) => live && setCount(res.count))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [value.audience, value.idCourse]);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-ink-900">Audience</legend>
      <div>
        <label htmlFor="mailer-audience" className="sr-only">
          Who gets it
        </label>
        <select
          id="mailer-audience"
          name="mailer_audience"
          value={value.audience}
          onChange={(e) => onChange({ audience: e.target.value as MailerAudience, idCourse: value.idCourse })}
          className={selectClasses}
        >
          {MAILER_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {MAILER_AUDIENCE_LABELS[a]}
            </option>
          ))}
        </select>
      </div>
      {value.audience === 'course' ? (
        <div>
          <label htmlFor="mailer-course" className="mb-1 block text-sm font-semibold text-ink-900">
            Course
          </label>
          <select
            id="mailer-course"
            name="id_course"
            value={value.idCourse ?? ''}
            onChange={(e) => onChange({ audience: 'course', idCourse: e.target.value ? Number(e.target.value) : null })}
            aria-invalid={errors.id_course ? true : undefined}
            aria-describedby={errors.id_course ? 'mailer-course-error' : undefined}
            className={selectClasses}
          >
            <option value="">Choose a course</option>
            {courses.map((c) => (
              <option key={c.id_course} value={c.id_course}>
                {c.course_title}
              </option>
            ))}
          </select>
          <ErrorText id="mailer-course-error" message={errors.id_course} />
        </div>
      ) : null}
      <p className="text-sm text-stone-600" aria-live="polite" data-testid="audience-count">
        {error ? (
          <span className="font-medium text-red-700">{error}</span>
        ) : value.audience === 'course' && value.idCourse === null ? (
          'Choose a course to see how many people it reaches.'
        ) : count === null ? (
          'Counting…'
        ) : (
          <>
            Reaches <strong className="text-ink-900">{count}</strong> {count === 1 ? 'person' : 'people'} who take mailers today.
          </>
        )}
      </p>
    </fieldset>
  );
}
