// C# declarations of the C ABI in `collision/capi/include/collision.h`, for P/Invoke
// (Unity, .NET, Mono). Every function of the header, with the same names and statuses;
// the header's documentation of each function holds for its declaration here.
//
// Load: the library is `libcollision_capi.so` (Linux), `collision_capi.dll` (Windows) or
// `libcollision_capi.dylib` (macOS), found by the runtime's native library search
// (next to the executable, or on `LD_LIBRARY_PATH`). Check the ABI first:
// `Native.coll_version(out var v)` then `v.Abi == Native.AbiVersion`.
//
// Types: every struct here has the layout of its C counterpart and holds only numbers,
// so arrays of them (batch calls) pass to the library pinned, without copying. A C
// `bool` field (one byte) is a `byte` here, read through a `bool` property; `size_t` is
// `UIntPtr`; handles (`CollShape *`, `CollCache *`) are `IntPtr`, owned by the caller
// and released with `coll_shape_destroy` and `coll_cache_destroy`. A user shape's
// support delegate must be kept alive (referenced from a field) for as long as the shape
// is: the library keeps only the function pointer.
//
// The tests compile this file with the library's test program
// (`collision/capi/tests/csharp.rs`), check every struct's size against the library's
// own, and call every function.

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace ConvexCollision
{
    /// <summary>CollStatus of every call (`CollStatus`).</summary>
    public enum CollStatus : int
    {
        Ok = 0,
        NotConverged = 1,
        NullPointer = 2,
        NonFinite = 3,
        InvalidArgument = 4,
        InvalidQuaternion = 5,
        InvalidHandle = 6,
        WrongCount = 7,
        Degenerate = 8,
        CallbackNonFinite = 9,
        HullFailed = 10,
        Unsupported = 11,
        InternalError = 12,
        OutOfMemory = 13,
    }

    /// <summary>How exact a contact is (`CollContactExactness`).</summary>
    public enum CollContactExactness : int
    {
        Converged = 0,
        GjkMaxIterations = 1,
        EpaOutOfCapacity = 2,
        EpaStalled = 3,
    }

    /// <summary>The algorithm behind a contact (`CollContactMethod`).</summary>
    public enum CollContactMethod : int
    {
        CollClosestPoints = 0,
        Penetration = 1,
        Flat = 2,
    }

    /// <summary>What a hull's points span (`CollHullKind`).</summary>
    public enum CollHullKind : int
    {
        Solid = 0,
        Polygon = 1,
        Segment = 2,
        Point = 3,
    }

    /// <summary>Three doubles `{x, y, z}` (a C `double[3]`).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollVec3
    {
        public double X, Y, Z;

        public CollVec3(double x, double y, double z)
        {
            X = x;
            Y = y;
            Z = z;
        }
    }

    /// <summary>A quaternion `{x, y, z, w}` (a C `double[4]`).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollQuat
    {
        public double X, Y, Z, W;

        public CollQuat(double x, double y, double z, double w)
        {
            X = x;
            Y = y;
            Z = z;
            W = w;
        }

        /// <summary>The identity rotation.</summary>
        public static readonly CollQuat Identity = new CollQuat(0, 0, 0, 1);
    }

    /// <summary>A 3×3 matrix, row-major (a C `double[9]`).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollMat3
    {
        public double M11, M12, M13, M21, M22, M23, M31, M32, M33;
    }

    /// <summary>`CollPose`: a unit quaternion, then a translation.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollPose
    {
        public CollQuat Orientation;
        public CollVec3 Position;

        public CollPose(CollVec3 position, CollQuat orientation)
        {
            Orientation = orientation;
            Position = position;
        }
    }

    /// <summary>`CollDistance`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollDistance
    {
        public double Value;
        public double LowerBound;
    }

    /// <summary>`CollContact`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollContact
    {
        private byte inRange;
        public double Separation;
        public double Depth;
        public CollVec3 Normal;
        public CollVec3 PointA;
        public CollVec3 PointB;
        public CollContactExactness Exactness;
        public CollContactMethod Method;

        public bool InRange => inRange != 0;
    }

    /// <summary>`CollHullSizes`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollHullSizes
    {
        public CollHullKind Kind;
        public UIntPtr VertexCount;
        public UIntPtr TriangleCount;
        public UIntPtr FaceCount;
        public UIntPtr FaceIndexCount;
    }

    /// <summary>`CollMassProperties`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollMassProperties
    {
        public double Mass;
        public CollVec3 CenterOfMass;
        public CollMat3 Inertia;
        public CollVec3 PrincipalMoments;
        public CollQuat PrincipalAxes;
    }

    /// <summary>`CollMotion`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollMotion
    {
        public CollPose Pose;
        public CollVec3 LinearVelocity;
        public CollVec3 AngularVelocity;
        public CollVec3 LocalCenter;
    }

    /// <summary>`CollImpact`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollImpact
    {
        private byte hit;
        public double Time;
        public CollVec3 PointA;
        public CollVec3 PointB;
        public CollVec3 Normal;
        public double Separation;
        public uint Iterations;

        public bool Hit => hit != 0;
    }

    /// <summary>`CollRayHit`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollRayHit
    {
        private byte hit;
        public double Toi;
        public CollVec3 Point;
        public CollVec3 Normal;

        public bool Hit => hit != 0;
    }

    /// <summary>`CollClosestPoints`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollClosestPoints
    {
        private byte separated;
        public double Distance;
        public double LowerBound;
        public CollVec3 PointA;
        public CollVec3 PointB;
        public CollVec3 Normal;
        public uint Iterations;

        public bool Separated => separated != 0;
    }

    /// <summary>`CollVersion`.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct CollVersion
    {
        public uint Major;
        public uint Minor;
        public uint Patch;
        public uint Abi;
    }

    /// <summary>`CollSupportFn`: writes the support point of the user's shape along
    /// `dir` (three doubles) to `out` (three doubles), in the shape's local frame.</summary>
    [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
    public delegate void CollSupportFn(IntPtr user, IntPtr dir, IntPtr output);

    /// <summary>The functions of `collision.h`, one declaration each.</summary>
    public static class Native
    {
        /// <summary>The library's file name without prefix or suffix.</summary>
        public const string Library = "collision_capi";

        /// <summary>`COLL_ABI_VERSION`: the ABI these declarations describe.</summary>
        public const uint AbiVersion = 2;

        /// <summary>`COLL_QUATERNION_NORM_TOLERANCE`.</summary>
        public const double QuaternionNormTolerance = 1e-3;

        /// <summary>`COLL_HANDLE_QUARANTINE`.</summary>
        public const int HandleQuarantine = 1024;

        // Shapes.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_ball_create(double radius, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cuboid_create(ref CollVec3 halfExtents, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_capsule_create(double halfHeight, double radius, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cylinder_create(double halfHeight, double radius, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cone_create(double halfHeight, double radius, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_segment_create(ref CollVec3 a, ref CollVec3 b, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_triangle_create(ref CollVec3 a, ref CollVec3 b, ref CollVec3 c, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_point_create(ref CollVec3 position, out IntPtr shape);
        /// <summary>`xyz` holds `3 * pointCount` doubles.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_create(double[] xyz, UIntPtr pointCount, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_rounded_create(IntPtr inner, double margin, out IntPtr shape);
        /// <summary>`center` is null (`IntPtr.Zero`) or three doubles. Keep `support`
        /// referenced while the shape lives.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_user_shape_create(CollSupportFn support, IntPtr user, IntPtr center, out IntPtr shape);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_shape_destroy(IntPtr shape);

        // Hull read-back: capacities count items (vertices, triangles, planes), as in the
        // header; `coll_hull_sizes` gives the counts needed.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_sizes(IntPtr hull, out CollHullSizes sizes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_vertices(IntPtr hull, [Out] double[] xyz, UIntPtr capacity);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_triangles(IntPtr hull, [Out] uint[] indices, UIntPtr capacity);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_faces(IntPtr hull, [Out] uint[] offsets, UIntPtr offsetsCapacity, [Out] uint[] indices, UIntPtr indicesCapacity);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_hull_planes(IntPtr hull, [Out] double[] planes, UIntPtr capacity);

        // Queries. `cache` may be `IntPtr.Zero`.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_intersects(IntPtr a, ref CollPose poseA, IntPtr b, ref CollPose poseB, out byte intersects);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_distance(IntPtr a, ref CollPose poseA, IntPtr b, ref CollPose poseB, out CollDistance distance);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_closest_points(IntPtr a, ref CollPose poseA, IntPtr b, ref CollPose poseB, IntPtr cache, out CollClosestPoints points);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_contact(IntPtr a, ref CollPose poseA, IntPtr b, ref CollPose poseB, double margin, IntPtr cache, out CollContact contact);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_time_of_impact(IntPtr a, ref CollMotion motionA, IntPtr b, ref CollMotion motionB, double tMax, out CollImpact impact);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_ray_cast(IntPtr shape, ref CollPose pose, ref CollVec3 origin, ref CollVec3 dir, double maxToi, out CollRayHit hit);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_mass_properties(IntPtr shape, double density, out CollMassProperties properties);

        // Warm-start caches.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cache_create(out IntPtr cache);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cache_clear(IntPtr cache);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_cache_destroy(IntPtr cache);

        // Batches: `pairs` holds `2 * pairCount` indices; `results` and `statuses` hold
        // `resultCount == pairCount` items each.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_batch_distance(IntPtr[] shapes, UIntPtr shapeCount, CollPose[] poses, UIntPtr poseCount, uint[] pairs, UIntPtr pairCount, [Out] CollDistance[] results, [Out] CollStatus[] statuses, UIntPtr resultCount);
        /// <summary>`results[k]` is 1 where pair `k` touches or overlaps, else 0.</summary>
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_batch_intersects(IntPtr[] shapes, UIntPtr shapeCount, CollPose[] poses, UIntPtr poseCount, uint[] pairs, UIntPtr pairCount, [Out] byte[] results, [Out] CollStatus[] statuses, UIntPtr resultCount);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_batch_contact(IntPtr[] shapes, UIntPtr shapeCount, CollPose[] poses, UIntPtr poseCount, uint[] pairs, UIntPtr pairCount, double margin, [Out] CollContact[] results, [Out] CollStatus[] statuses, UIntPtr resultCount);

        // Errors and version.
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl, EntryPoint = "coll_last_error_message")]
        public static extern IntPtr coll_last_error_message();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        public static extern CollStatus coll_version(out CollVersion version);

        /// <summary>The message of this thread's last failed call, decoded from UTF-8
        /// (the library's string stays its own).</summary>
        public static string LastErrorMessage()
        {
            IntPtr text = coll_last_error_message();
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0)
            {
                length++;
            }
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }
}
