import { cx } from './cx';

export interface CardProps extends React.HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  padded?: boolean;
}

/** A bordered surface for grouped content. */
export function Card({ as: Tag = 'div', padded = true, className, ...rest }: CardProps) {
  return (
    <Tag className={cx('rounded-2xl border border-stone-200 bg-white shadow-sm', padded && 'p-5 sm:p-6', className)} {...rest} />
  );
}
