import type { ComponentType, ReactNode } from 'react';
import { MessageAddOnsContext, type MessageAddOns } from '../chat/message-add-ons';
import { MessagePinActions, PinnedMark } from './message-pin-actions';
import { PinMarksScope } from './pin-marks';
import { PinsHeaderButton } from './pins-header-button';

const PINS_ADD_ONS: MessageAddOns = { HoverActions: MessagePinActions, BubbleMark: PinnedMark, HeaderButton: PinsHeaderButton, Scope: PinMarksScope };

/** Gives a conversation's page pins and saved messages: the hover actions, the pinned mark, the header's pins button. */
export function PinsAddOns({ children }: { children: ReactNode }) {
  return <MessageAddOnsContext value={PINS_ADD_ONS}>{children}</MessageAddOnsContext>;
}

/** A conversation page (a 1:1's, a room's) with pins and saved messages, for the routes table. */
export function withPins(Page: ComponentType): ComponentType {
  return function PageWithPins() {
    return (
      <PinsAddOns>
        <Page />
      </PinsAddOns>
    );
  };
}
