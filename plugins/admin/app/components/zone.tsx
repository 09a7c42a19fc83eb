import { widgetsFor } from '../extensions.ts';
import type { ZoneName, ZoneProps } from '../sdk.ts';
import { Card } from './ui.tsx';

/** Where plugins' widgets for a named zone appear, each in its own card headed by its title. */
export function Zone<Z extends ZoneName>({ name, props }: { name: Z; props: ZoneProps[Z] }) {
  const widgets = widgetsFor(name);
  return (
    <>
      {widgets.map((w) => {
        const Widget = w.component as any;
        return (
          <div data-zone={name} data-plugin={w.plugin}>
            <Card title={w.title}>
              <Widget {...props} />
            </Card>
          </div>
        );
      })}
    </>
  );
}
