// Shared primitives: small, accessible, one look across the site.
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { Container, type ContainerProps } from './container';
export { cx } from './cx';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Field, inputClasses, selectClasses, type FieldProps, type InputFieldProps, type TextareaFieldProps } from './field';
export { LinkButton, type LinkButtonProps } from './link-button';
export { Spinner, type SpinnerProps } from './spinner';
