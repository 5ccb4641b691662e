import { Link } from 'react-router';
import {
  formatPence,
  type CourseSummary,
  type CurrentUser,
  type VideoFacets,
  type SubscriptionProduct,
  type VideoSummary,
} from '@fretline/contract';
import { Badge } from '../../components/ui/badge';
import { Container } from '../../components/ui/container';
import { LinkButton } from '../../components/ui/link-button';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { HomeHeroArt } from './home-hero-art';

export function homeSeo(name: string) {
  return {
    title: `Fretline: online guitar lessons with ${name}`,
    description: `Learn guitar with ${name}'s friendly, step-by-step video lessons: structured courses from beginner to lead, song lessons, weekly live lessons and a free trial of the Access All Areas membership.`,
  };
}

export interface HomeData {
  /** Empty when the catalogue cannot answer: the section hides. */
  courses: CourseSummary[];
  videos: VideoSummary[];
  /** Null when finance cannot answer: the pitch shows without a price. */
  product: SubscriptionProduct | null;
  /** Published lessons and songs in the catalogue; null when the catalogue cannot answer. */
  lessonCount: number | null;
}

/** How many lessons and songs the catalogue holds, from the facet counts of an unfiltered list. */
export function catalogueLessonCount(facets: VideoFacets | undefined): number | null {
  if (!facets) return null;
  return facets.category.filter((f) => f.value === 'Lesson' || f.value === 'Song').reduce((sum, f) => sum + f.count, 0);
}

/** The membership's benefits, every figure from the catalogue (none when it cannot answer). */
export function membershipBenefits(lessonCount: number | null): string[] {
  return [
    'Every course, from beginner to Lead Guitar 3',
    lessonCount ? `${lessonCount} lessons and song walkthroughs` : 'Lessons and song walkthroughs at every level',
    'Weekly live lessons and the full replay archive',
    'Tabs, chord sheets and backing tracks',
    'Members’ inbox: ask the team anything',
  ];
}

export interface HomePageProps extends HomeData {
  user: CurrentUser;
  name: string;
  teacherName: string;
  /** The first-visit quiz (docs/product.md#first-steps), composed by the route. */
  firstSteps?: React.ReactNode;
}

function SectionHeading({ eyebrow, title, lead, id }: { eyebrow: string; title: string; lead?: string; id: string }) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-lg leading-relaxed text-stone-600">{lead}</p> : null}
    </div>
  );
}

function Hero({ user, name }: { user: CurrentUser; name: string }) {
  const member = user.has_aaa_membership;
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <Container width="wide" className="grid items-center gap-14 py-14 sm:py-20 lg:grid-cols-[1.05fr_1fr] lg:py-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
            <span className="size-2 rounded-full bg-brand-500" aria-hidden="true" />
            Guitar lessons with {name}
          </p>
          <h1 className="mt-5 text-[2.6rem] leading-[1.05] font-extrabold tracking-tight text-balance text-ink-900 sm:text-6xl">
            Play the songs you love, <span className="text-brand-600">one clear step</span> at a time.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-stone-700 sm:text-xl">
            Friendly video lessons and structured courses that take you from your very first chord to confident rhythm and lead
            playing, with a teacher who remembers exactly what it feels like to start.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            {member ? (
              <LinkButton to="/courses" size="lg">
                Choose a course
              </LinkButton>
            ) : (
              <LinkButton to="/membership" size="lg">
                {user.eligible_for_aaa_free_trial ? 'Start your free trial' : 'Join Access All Areas'}
              </LinkButton>
            )}
            <LinkButton to="/videos" variant="secondary" size="lg">
              Watch free lessons
            </LinkButton>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-stone-600">
            {['Beginner to lead guitar', 'Weekly live lessons', 'Cancel any time'].map((t) => (
              <li key={t} className="flex items-center gap-2">
                <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5 text-brand-600" fill="currentColor">
                  <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
                </svg>
                {t}
              </li>
            ))}
          </ul>
        </div>
        <HomeHeroArt />
      </Container>
    </section>
  );
}

function CourseArt({ course }: { course: CourseSummary }) {
  if (course.course_image) {
    return (
      <ResponsiveImage
        src={course.course_image}
        alt={course.course_image_text ?? ''}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 80vw"
        width={640}
        height={360}
        className="aspect-[16/9] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className="flex aspect-[16/9] items-center justify-center bg-gradient-to-br from-brand-500 to-brand-800"
    >
      <span className="text-2xl font-extrabold text-white/90">{course.course_title}</span>
    </div>
  );
}

function FeaturedCourses({ courses }: { courses: CourseSummary[] }) {
  if (courses.length === 0) return null;
  return (
    <section aria-labelledby="home-courses" className="py-16 sm:py-24">
      <Container width="wide">
        <div className="flex flex-col justify-between gap-6 sm:flex-row sm:items-end">
          <SectionHeading
            id="home-courses"
            eyebrow="Structured courses"
            title="A clear path, whatever your level"
            lead="Each course is a step-by-step plan. Pick up where you left off on any device, and always know what to practise next."
          />
          <LinkButton to="/courses" variant="secondary" className="shrink-0">
            All courses
          </LinkButton>
        </div>
        {/* Phones swipe through the courses; wider screens see a grid. */}
        <ul className="-mx-4 mt-10 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:scroll-px-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4">
          {courses.map((course) => (
            <li key={course.id_course} className="w-[80%] shrink-0 snap-start sm:w-auto">
              <Link
                to={`/courses/${course.course_slug}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:-outline-offset-2"
              >
                <div className="overflow-hidden">
                  <CourseArt course={course} />
                </div>
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-bold text-ink-900 group-hover:text-brand-700">{course.course_title}</h3>
                  {course.course_excerpt ? (
                    <p className="mt-2 line-clamp-3 text-[15px] leading-relaxed text-stone-600">{course.course_excerpt}</p>
                  ) : null}
                  <span className="mt-auto pt-4 text-sm font-semibold text-brand-700">
                    View course <span aria-hidden="true">→</span>
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function HowItWorks({ name }: { name: string }) {
  const steps = [
    {
      title: 'Pick your starting point',
      text: 'Brand new? Start the beginner course. Played for years? Jump into rhythm, intermediate or lead.',
    },
    {
      title: 'Practise a little, often',
      text: `Short lessons with one clear goal each. ${name} shows you what to practise and how to know you have got it.`,
    },
    {
      title: 'Play real music',
      text: 'Put every new skill to work in a song, then bring your questions to the weekly live lesson.',
    },
  ];
  return (
    <section aria-labelledby="home-how" className="bg-ink-900 py-16 text-white sm:py-24">
      <Container width="wide">
        <p className="text-sm font-bold tracking-widest text-brand-400 uppercase">How it works</p>
        <h2 id="home-how" className="mt-2 max-w-2xl text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          Fifteen minutes a day is all it takes
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-extrabold"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-stone-300">{step.text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}

function FreeVideos({ videos }: { videos: VideoSummary[] }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="home-videos" className="py-16 sm:py-24">
      <Container width="wide">
        <div className="flex flex-col justify-between gap-6 sm:flex-row sm:items-end">
          <SectionHeading
            id="home-videos"
            eyebrow="New on Fretline"
            title="Fresh lessons and songs"
            lead="The latest lessons, song walkthroughs and live replays. Plenty of them are free: press play."
          />
          <LinkButton to="/videos" variant="secondary" className="shrink-0">
            All videos
          </LinkButton>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-6 lg:grid-cols-4">
          {videos.map((video) => (
            <li key={video.id_video}>
              <Link to={`/videos/${video.video_slug}`} className="group block">
                <div className="relative overflow-hidden rounded-xl bg-stone-200">
                  {video.video_image ? (
                    <ResponsiveImage
                      src={video.video_image}
                      alt=""
                      sizes="(min-width: 1024px) 25vw, 50vw"
                      width={640}
                      height={360}
                      className="aspect-video w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
                    />
                  ) : (
                    <div className="aspect-video bg-gradient-to-br from-stone-700 to-ink-900" />
                  )}
                  <span className="absolute top-2 left-2">
                    {video.video_premium ? <Badge tone="brand">Members</Badge> : <Badge tone="success">Free</Badge>}
                  </span>
                </div>
                <p className="mt-3 text-xs font-bold tracking-wider text-stone-500 uppercase">
                  {video.video_category === 'Song' && video.video_artist ? `Song by ${video.video_artist}` : video.video_category}
                </p>
                <h3 className="mt-1 font-bold text-ink-900 group-hover:text-brand-700">{video.video_title}</h3>
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function planPrice(product: SubscriptionProduct | null, interval: 'month' | 'year') {
  const plan = product?.subscription_plans.find((p) => p.subscription_plan_interval === interval);
  return plan ? formatPence(plan.subscription_plan_price) : null;
}

function MembershipPitch({
  product,
  user,
  lessonCount,
}: {
  product: SubscriptionProduct | null;
  user: CurrentUser;
  lessonCount: number | null;
}) {
  const monthly = planPrice(product, 'month');
  const yearly = planPrice(product, 'year');
  const trialDays = product?.subscription_product_trial_days ?? 0;
  const showTrial = user.eligible_for_aaa_free_trial && !user.has_aaa_membership;
  const benefits = membershipBenefits(lessonCount);
  return (
    <section aria-labelledby="home-membership" className="py-16 sm:py-24">
      <Container width="wide">
        <div className="grid overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-800 text-white shadow-xl lg:grid-cols-[1.2fr_1fr]">
          <div className="p-8 sm:p-12">
            <p className="text-sm font-bold tracking-widest text-brand-100 uppercase">The membership</p>
            <h2 id="home-membership" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
              Access All Areas
            </h2>
            <p className="mt-4 max-w-lg text-lg leading-relaxed text-brand-50">
              One membership, everything unlocked. Learn at your own pace with every course and lesson, and play live with the
              community each week.
            </p>
            <ul className="mt-6 space-y-2.5">
              {benefits.map((b) => (
                <li key={b} className="flex gap-3">
                  <svg
                    viewBox="0 0 20 20"
                    aria-hidden="true"
                    className="mt-0.5 size-5 shrink-0 text-brand-200"
                    fill="currentColor"
                  >
                    <path d="M8.1 13.6 4.5 10l-1.4 1.4 5 5 9-9-1.4-1.4z" />
                  </svg>
                  <span>{b}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col justify-center gap-6 bg-ink-900/25 p-8 sm:p-12">
            {monthly || yearly ? (
              <div className="space-y-4">
                {monthly ? (
                  <p>
                    <span className="text-5xl font-extrabold tracking-tight">{monthly}</span>
                    <span className="ml-1 text-lg text-brand-100">a month</span>
                  </p>
                ) : null}
                {yearly ? (
                  <p className="text-lg text-brand-50">
                    or <strong className="font-bold text-white">{yearly}</strong> a year
                  </p>
                ) : null}
                {showTrial && trialDays > 0 ? (
                  <p className="inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
                    {trialDays}-day free trial for new members
                  </p>
                ) : null}
              </div>
            ) : (
              <p className="text-lg text-brand-50">
                Monthly and yearly plans, priced in pounds, with a free trial for new members.
              </p>
            )}
            {user.has_aaa_membership ? (
              <LinkButton to="/membership" variant="secondary" size="lg">
                Manage your membership
              </LinkButton>
            ) : (
              <LinkButton to="/membership" variant="secondary" size="lg">
                {showTrial ? 'Start your free trial' : 'Become a member'}
              </LinkButton>
            )}
            <p className="text-sm text-brand-100">Cancel any time from your account. No hidden fees.</p>
          </div>
        </div>
      </Container>
    </section>
  );
}

function MeetTeacher({ name, teacherName }: { name: string; teacherName: string }) {
  return (
    <section aria-labelledby="home-teacher" className="bg-stone-50 py-16 sm:py-24">
      <Container width="wide" className="grid items-center gap-10 md:grid-cols-[auto_1fr]">
        <div
          aria-hidden="true"
          className="mx-auto flex size-44 items-center justify-center rounded-full bg-gradient-to-br from-brand-400 to-brand-700 shadow-lg sm:size-52"
        >
          <svg viewBox="0 0 120 120" className="size-32 sm:size-36">
            <circle cx="60" cy="44" r="22" fill="#fff7ed" />
            <path d="M20 112c4-26 20-40 40-40s36 14 40 40z" fill="#fff7ed" />
            <path d="M38 40c2-16 14-24 26-22s20 10 18 22c-6-8-16-10-26-6s-14 8-18 6z" fill="#1c1917" />
            <path d="M70 78l26 34" stroke="#1c1917" strokeWidth="5" strokeLinecap="round" />
          </svg>
        </div>
        <div className="max-w-2xl">
          <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">Your teacher</p>
          <h2 id="home-teacher" className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            Hi, I’m {name}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">
            I have spent over twenty years helping people fall in love with the guitar, from nervous first-timers to players
            getting ready for their first gig. My lessons break every skill into small, friendly steps, so you always know what to
            practise and you can hear yourself improving week by week.
          </p>
          <Link
            to={`/about-${teacherName}`}
            className="mt-6 inline-flex font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            More about {name}
          </Link>
        </div>
      </Container>
    </section>
  );
}

const FAQ = (name: string) => [
  {
    q: 'I have never played before. Is Fretline for me?',
    a: `Absolutely. The beginner course assumes nothing: it starts with holding the guitar and tuning it, and you will be playing your first song within days. ${name} has taught complete beginners for years.`,
  },
  {
    q: 'Do I need an electric or an acoustic guitar?',
    a: 'Either is fine for most lessons. The rock rhythm and lead courses sound best on an electric, and the ukulele course is, unsurprisingly, for ukulele.',
  },
  {
    q: 'How does the free trial work?',
    a: 'If you have never been a member, your first membership starts with a free trial. Nothing is charged until it ends, and if you cancel before then you pay nothing at all.',
  },
  {
    q: 'Can I cancel whenever I like?',
    a: 'Yes. Cancel from your account page in a couple of clicks. You keep access until the end of the period you have paid for.',
  },
  {
    q: 'Is there an app?',
    a: 'Fretline works in the browser on your phone, tablet and computer, and you can add it to your home screen so it opens like an app. The app page explains how, and why there is no App Store version.',
  },
  {
    q: 'How much practice do I need to do?',
    a: 'Fifteen to twenty minutes a day is plenty. Little and often beats long, occasional sessions, and every lesson tells you exactly what to practise.',
  },
];

function Faq({ name }: { name: string }) {
  return (
    <section aria-labelledby="home-faq" className="py-16 sm:py-24">
      <Container width="prose">
        <h2 id="home-faq" className="text-center text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
          Questions, answered
        </h2>
        <div className="mt-10 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
          {FAQ(name).map((item) => (
            <details key={item.q} className="group px-5 sm:px-6">
              <summary className="flex items-center justify-between gap-4 py-5 text-left text-lg font-semibold text-ink-900 marker:content-none">
                {item.q}
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-600 transition-transform group-open:rotate-45"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                >
                  <path d="M10 4v12M4 10h12" />
                </svg>
              </summary>
              <p className="pb-5 leading-relaxed text-stone-600">{item.a}</p>
            </details>
          ))}
        </div>
        <p className="mt-8 text-center text-stone-600">
          Something else on your mind?{' '}
          <Link to="/helpdesk" className="font-semibold text-brand-700 underline underline-offset-4">
            Ask the helpdesk
          </Link>
          .
        </p>
      </Container>
    </section>
  );
}

export function HomePage({ user, name, teacherName, courses, videos, product, lessonCount, firstSteps }: HomePageProps) {
  return (
    <>
      <Hero user={user} name={name} />
      {firstSteps ? (
        <div id="first-steps" className="scroll-mt-20">
          <Container width="wide" className="pt-4 sm:pt-8">
            {firstSteps}
          </Container>
        </div>
      ) : null}
      <FeaturedCourses courses={courses} />
      <HowItWorks name={name} />
      <FreeVideos videos={videos} />
      <MembershipPitch product={product} user={user} lessonCount={lessonCount} />
      <MeetTeacher name={name} teacherName={teacherName} />
      <Faq name={name} />
    </>
  );
}
