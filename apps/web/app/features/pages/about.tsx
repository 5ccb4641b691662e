import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { ContentPage } from './content-page';

export function aboutSeo(name: string) {
  return {
    title: `About ${name}`,
    description: `Meet ${name}, the guitar teacher behind Fretline: twenty years of teaching, a patient step-by-step method, and lessons for every stage of your playing.`,
  };
}

export function AboutPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="Your teacher"
      title={`About ${name}`}
      lead={
        <p>
          Hello! I’m {name}. I have been teaching guitar for over twenty years, first in a tiny practice room above a music shop
          and now to players all over the world through Fretline.
        </p>
      }
      body={
        <>
          <p>
            I picked up my first guitar at eleven, a second-hand nylon-string with a warped neck and strings you could have sliced
            cheese with. I nearly gave up more than once. What kept me going was a teacher who showed me that every difficult
            thing on the guitar is really a handful of easy things done in the right order. That idea is at the heart of every
            lesson I make.
          </p>

          <h2>How I teach</h2>
          <ul>
            <li>
              <strong>One clear step at a time.</strong> Each lesson has a single goal, and you will know exactly what to practise
              before you put the guitar down.
            </li>
            <li>
              <strong>Songs from day one.</strong> Technique matters, but music is why we play. You will be strumming real songs
              within your first week.
            </li>
            <li>
              <strong>Little and often.</strong> Fifteen focused minutes a day beats a two-hour session once a week. The courses
              are built around short, repeatable practice.
            </li>
            <li>
              <strong>No question is silly.</strong> I still remember what it felt like not to know where to put my fingers. Ask,
              always.
            </li>
          </ul>

          <h2>What you will find here</h2>
          <p>
            Structured courses take you from your first chords through rhythm, intermediate playing and three levels of lead
            guitar, with a ukulele course for anyone with four strings instead of six. Alongside them are song lessons, weekly
            live lessons and my technique tune-ups: short sessions that fix the little habits that hold players back.
          </p>

          <h2>Away from the camera</h2>
          <p>
            When I am not filming lessons, I play in a function band, restore old amplifiers badly, and walk a very opinionated
            spaniel. I answer a good share of the helpdesk messages myself, so if you write in, there is a fair chance you will be
            talking to me.
          </p>

          <blockquote>
            “The guitar rewards patience more than talent. Turn up, play a little every day, and you will surprise yourself.”
          </blockquote>

          <p>
            If you are just starting, the <Link to="/courses/beginner-guitar-course">beginner course</Link> is the place to begin.
            If you have been playing for a while, have a look through the <Link to="/courses">courses</Link> and pick the one that
            stretches you. I look forward to playing with you.
          </p>
          <div className="flex flex-wrap gap-3 pt-2">
            <LinkButton to="/courses">Browse the courses</LinkButton>
            <LinkButton to="/live" variant="secondary">
              Join a live lesson
            </LinkButton>
          </div>
        </>
      }
    />
  );
}
