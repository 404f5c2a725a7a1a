/**
 * The links of the 'Product' dropdown and of the side dialog's Product section: each product opens its
 * section of the Features page (/features#<section>); an action opens a Features section or a site page.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PRODUCT_ACTIONS, PRODUCT_ITEMS } from './product-text';

interface LinkProps {
  className: string;
  onClick?: () => void;
  children: ReactNode;
}

export function ProductItemLink({ item, ...props }: LinkProps & { item: (typeof PRODUCT_ITEMS)[number] }) {
  return <Link to="/features" hash={item.section} {...props} />;
}

export function ProductActionLink({
  action,
  ...props
}: LinkProps & { action: (typeof PRODUCT_ACTIONS)[number] }) {
  if ('page' in action) return <Link to="/pages/$slug" params={{ slug: action.page }} {...props} />;
  return <Link to="/features" hash={action.section} {...props} />;
}
