import { Card, Container } from '../../components/ui';

/** The narrow card every sign-in and account page sits in; readable at 375 px. */
export function AuthCard({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  /** Room for a row of buttons (the welcome page); sign-in forms keep the narrow measure. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Container width="narrow" className="py-10 sm:py-16">
      <Card className={wide ? 'mx-auto max-w-2xl' : 'mx-auto max-w-md'}>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-stone-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
    </Container>
  );
}
