import { cx } from './cx';

const widths = {
  narrow: 'max-w-2xl',
  prose: 'max-w-3xl',
  default: 'max-w-6xl',
  wide: 'max-w-7xl',
} as const;

export interface ContainerProps extends React.HTMLAttributes<HTMLDivElement> {
  width?: keyof typeof widths;
}

/** The page column: centred, with side padding that grows with the screen. */
export function Container({ width = 'default', className, ...rest }: ContainerProps) {
  return <div className={cx('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[width], className)} {...rest} />;
}
