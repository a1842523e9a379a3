import { type ComponentPropsWithRef, createContext, type ReactNode, useContext } from 'react';

type LinkProps = ComponentPropsWithRef<'a'> & { to: string };
/** A link component Mantine's `component` prop takes: `<Anchor component={Link} to="/x">`. */
export type LinkComponent = (props: LinkProps) => ReactNode;

/** A link that loads its page from the server: how an island of a prerendered page goes anywhere. */
function DocumentLink({ to, ...props }: LinkProps) {
  return <a href={to} {...props} />;
}

/**
 * What the shell's links are (decision 039): the SPA's router `Link` inside the SPA (`AppProviders` gives
 * it), a plain link on a prerendered page, where every page is a document of its own. The shell's
 * islands then need no router, and a prerendered page's script carries none.
 */
export const LinkComponentContext = createContext<LinkComponent>(DocumentLink);

/** The link component to give Mantine's `component` (`<Anchor component={useLinkComponent()} to="/x">`). */
export function useLinkComponent(): LinkComponent {
  return useContext(LinkComponentContext);
}
