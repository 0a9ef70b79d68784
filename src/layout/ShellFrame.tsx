import { styled } from '@mui/material/styles';
import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import {
    Error as PageError,
    Loading,
    SkipNavigationButton,
    type AppBarProps,
    type LayoutProps,
    type SidebarProps,
} from 'react-admin';

const PREFIX = 'RaLayout';
/** react-admin's layout classes, kept so that its components and our styles find them. */
const classes = {
    appFrame: `${PREFIX}-appFrame`,
    contentWithSidebar: `${PREFIX}-contentWithSidebar`,
    content: `${PREFIX}-content`,
};

/** react-admin's layout styles (ra-ui-materialui `Layout`). */
const Root = styled('div', {
    name: PREFIX,
    overridesResolver: (_props, styles) => styles.root,
})(({ theme }) => ({
    display: 'flex',
    flexDirection: 'column',
    zIndex: 1,
    minHeight: '100vh',
    backgroundColor: theme.palette.background.default,
    position: 'relative',
    minWidth: 'fit-content',
    width: '100%',
    [`& .${classes.appFrame}`]: {
        display: 'flex',
        flexDirection: 'column',
        flexGrow: 1,
        marginTop: theme.spacing(6),
        [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
    },
    [`& .${classes.contentWithSidebar}`]: {
        display: 'flex',
        flexGrow: 1,
        transition: theme.transitions.create('margin', {
            easing: theme.transitions.easing.easeOut,
            duration: theme.transitions.duration.enteringScreen,
        }),
    },
    [`& .${classes.content}`]: {
        backgroundColor: theme.palette.background.default,
        zIndex: 2,
        display: 'flex',
        flexDirection: 'column',
        flexGrow: 1,
        flexBasis: 0,
        padding: 0,
        paddingRight: theme.spacing(1),
        paddingLeft: theme.spacing(1),
    },
}));

interface BoundaryState {
    error?: Error;
    info?: ErrorInfo;
}

/** A page that throws shows react-admin's error view; navigating elsewhere resets it. */
class PageErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
    override state: BoundaryState = {};

    static getDerivedStateFromError(error: unknown): BoundaryState {
        return { error: error instanceof Error ? error : new Error(String(error)) };
    }

    override componentDidCatch(_error: unknown, info: ErrorInfo) {
        this.setState({ info });
    }

    private readonly reset = () => this.setState({ error: undefined, info: undefined });

    override render() {
        const { error, info } = this.state;
        if (!error) return this.props.children;
        return <PageError error={error} errorInfo={info} resetErrorBoundary={this.reset} />;
    }
}

interface ShellFrameProps extends Pick<LayoutProps, 'appBarAlwaysOn' | 'children' | 'sx'> {
    appBar: ComponentType<AppBarProps>;
    menu: ComponentType;
    sidebar: ComponentType<SidebarProps>;
}

/**
 * react-admin's Layout (skip link, header, sidebar with the menu, the page inside an error
 * boundary) without its preferences inspector, which we do not use: the inspector read the
 * body's width on every render, which forced the browser to lay out the whole new page in the
 * middle of the first render (about 280 ms on a busy two-core machine, on the live status).
 */
export function ShellFrame({
    appBar: AppBar,
    appBarAlwaysOn,
    menu: Menu,
    sidebar: Sidebar,
    sx,
    children,
}: ShellFrameProps) {
    return (
        <Root className="layout" sx={sx}>
            <SkipNavigationButton />
            <div className={classes.appFrame}>
                <AppBar alwaysOn={appBarAlwaysOn} />
                <main className={classes.contentWithSidebar}>
                    <Sidebar appBarAlwaysOn={appBarAlwaysOn}>
                        <Menu />
                    </Sidebar>
                    <div id="main-content" className={classes.content}>
                        <PageErrorBoundary>
                            <Suspense fallback={<Loading />}>{children}</Suspense>
                        </PageErrorBoundary>
                    </div>
                </main>
            </div>
        </Root>
    );
}
