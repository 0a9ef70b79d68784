import UploadFile from '@mui/icons-material/UploadFile';
import { Suspense, useState } from 'react';
import { Button, CreateButton, TopToolbar } from 'react-admin';
import { lazyView } from '../../lazyPage';
import { useDepotPermissions } from './useDepotPermissions';

/** The upload dialog and its CSV reader load when it is first opened. */
const DepotUploadDialog = lazyView(() =>
    import('./DepotUploadDialog').then((module) => module.DepotUploadDialog),
);

/** Create and CSV upload, for holders of c:depot in the context. */
export function DepotListActions() {
    const { canCreate } = useDepotPermissions();
    const [uploading, setUploading] = useState(false);
    if (!canCreate) return null;
    return (
        <TopToolbar>
            <CreateButton />
            <Button label="app.depots.upload.open" onClick={() => setUploading(true)}>
                <UploadFile />
            </Button>
            {uploading && (
                <Suspense fallback={null}>
                    <DepotUploadDialog open onClose={() => setUploading(false)} />
                </Suspense>
            )}
        </TopToolbar>
    );
}
