// Shared primitives: small, accessible, one look across the site.
export { Badge, type BadgeTone } from './badge';
export { Button, buttonClasses } from './button';
export { Card } from './card';
export { Container } from './container';
export { cx } from './cx';
export { EmptyState } from './empty-state';
export { Field, inputClasses, selectClasses } from './field';
export { LinkButton } from './link-button';
export { ResponsiveImage } from './responsive-image';
export { Spinner } from './spinner';
export { CourseProgressLine, ProgressMark } from './progress-mark';
