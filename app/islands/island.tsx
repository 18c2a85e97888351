// The root of one island: the component rendered by React on the server
// (and in the React Router app, where it simply stays React), marked with its
// name and its props as JSON so that the islands entry (client.ts) hydrates
// it with Preact on the marketing pages. `display: contents` keeps the marker
// out of the layout.
import type { ComponentProps, ComponentType } from "react";
import type { IslandName, islandModules } from "./registry";

type IslandComponent<N extends IslandName> = Awaited<
  ReturnType<(typeof islandModules)[N]>
>["default"];

type IslandProps<N extends IslandName> = ComponentProps<IslandComponent<N>>;

export function Island<N extends IslandName>({
  name,
  component,
  props,
}: {
  name: N;
  component: IslandComponent<N>;
  props: IslandProps<N>;
}) {
  // The name ties component and props together above; here any props will do.
  const Component = component as ComponentType<Record<string, unknown>>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
